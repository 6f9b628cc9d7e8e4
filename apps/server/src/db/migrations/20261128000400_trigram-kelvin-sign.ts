import { sql, type Kysely } from 'kysely';

// PostgreSQL's trigram indexes (migration 20261124000100) were meant to fold U+017F (long s) to s and U+212A (the
// Kelvin sign) to k, as SQLite's do (char(383), char(8490)): RE2's case-insensitive s and k also match those two.
// Their expression folded the ASCII letter K instead. Where ilike lowers the Kelvin sign (a UTF-8 LC_CTYPE) nothing
// was missed; under LC_CTYPE C a record written with the Kelvin sign was missing from a lookup for a literal with k.
// This makes both indexes again on the expression written with escapes, so that no code point can pass for another;
// while a bulk load has them deferred (corpus_deferred), it rewrites the statement that will make them instead.
// The search repeats the expression word for word (db/filter-sql/index-lookup.ts), so that the planner uses them.

const LIVE = 'is_deleted = 0 and is_removed = 0';
const TABLES = ['posts', 'comments'] as const;
type Table = (typeof TABLES)[number];

function regexText(table: Table, kelvin: string): string {
  const text =
    table === 'posts' ? `case when selftext = '' then title else title || E'\\n' || selftext end` : 'body';
  return `replace(replace(${text}, E'\\u017F', 's'), ${kelvin}, 'k')`;
}

async function remake(db: Kysely<any>, kelvin: string): Promise<void> {
  if (db.getExecutor().adapter.constructor.name !== 'PostgresAdapter') return;
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema
    from pg_extension where extname = 'pg_trgm'`.execute(db);
  const trgmSchema = rows[0]!.schema;
  for (const table of TABLES) {
    const name = `${table}_regex_trgm_idx`;
    const definition =
      `create index ${name} on ${table} using gin ((${regexText(table, kelvin)}) ` +
      `"${trgmSchema}".gin_trgm_ops) where ${LIVE}`;
    const deferred = await db
      .updateTable('corpus_deferred')
      .set({ definition })
      .where('name', '=', name)
      .executeTakeFirst();
    if (deferred.numUpdatedRows > 0n) continue;
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(definition).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await remake(db, `E'\\u212A'`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await remake(db, `'K'`);
}
