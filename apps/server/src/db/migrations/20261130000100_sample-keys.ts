import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Random samples by a walk of stored keys (docs/decisions/039-random-samples-by-key.md). Every record gets
// `sample_key`: the first 8 bytes of SHA-256('<table>:<id>') as a signed 64-bit integer (ingest writes the same value,
// corpus/filters/sample-key.ts), indexed with the id so that a walk in key order reads rows in the sort's order. The
// rows stored before are filled here: PostgreSQL hashes in SQL, one statement a table; SQLite has no SHA-256, so the
// keys are computed here in batches of rowids and written with UPDATE … FROM (VALUES …). The index holds every row:
// a `removed` rule may ask for any.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

const TABLES = ['posts', 'comments'] as const;
const BATCH = 2_000;

const keyOf = (table: string, id: string) =>
  createHash('sha256').update(`${table}:${id}`).digest().readBigInt64BE(0);

/** Fills sample_key where it is null (exported for its test: the SQL hash must equal ingest's). */
export async function backfillSampleKeys(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql
        .raw(
          `update ${table} set sample_key = ('x' || left(encode(sha256(convert_to('${table}:' || id, 'UTF8')), 'hex'), 16))::bit(64)::bigint ` +
            'where sample_key is null',
        )
        .execute(db);
      continue;
    }
    let after = 0;
    for (;;) {
      const { rows } = await sql<{ r: number; id: string }>`select rowid as r, id from ${sql.table(table)}
        where rowid > ${after} and sample_key is null order by rowid limit ${BATCH}`.execute(db);
      if (rows.length === 0) break;
      const values = rows.map((row) => sql`(${row.r}, ${keyOf(table, row.id)})`);
      await sql`update ${sql.table(table)} set sample_key = v.column2
        from (values ${sql.join(values)}) as v where ${sql.ref(`${table}.rowid`)} = v.column1`.execute(db);
      after = rows.at(-1)!.r;
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('sample_key', 'bigint').execute();
  await backfillSampleKeys(db);
  for (const table of TABLES)
    await sql.raw(`create index ${table}_sample_key_idx on ${table} (sample_key, id)`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql.raw(`drop index if exists ${table}_sample_key_idx`).execute(db);
    await db.schema.alterTable(table).dropColumn('sample_key').execute();
  }
}
