import { sql, type Kysely } from 'kysely';

// The search indexes of the scale work (docs/decisions/016-search-at-scale.md).
//
// Both full-text indexes hold only records that still have text (not deleted, not removed): text rules never match
// the others, and a count of a keyword query is then the count of its index entries, with no row read per match.
//
// The trigram indexes hold the exact text a regex rule reads (posts: the title, then a line break and the selftext
// when there is one; comments: the body), with U+017F (long s) and U+212A (Kelvin sign) replaced by s and k: RE2's
// case-insensitive s and k also match those two, and no other character outside ASCII matches an ASCII letter. The
// regex analysis asks for ASCII literals only, so an index searched case-insensitively for ASCII never misses a match.
//
// SQLite: FTS5 tables without content (contentless_delete, so triggers can delete by rowid), kept by triggers; the
// trigram table stores no positions (detail=none): a literal is looked up as the AND of its trigrams and RE2 checks
// the candidates. PostgreSQL: pg_trgm GIN indexes on the same expression, and the tsvector index made partial.

const LIVE = 'is_deleted = 0 and is_removed = 0';
const TABLES = ['posts', 'comments'] as const;
type Table = (typeof TABLES)[number];

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** The regex text of a row, folded for the trigram index (`row` is `new.`, `old.` or '' for the table's columns). */
function sqliteRegexText(table: Table, row: string): string {
  const text =
    table === 'posts'
      ? `iif(${row}selftext = '', ${row}title, ${row}title || char(10) || ${row}selftext)`
      : `${row}body`;
  return `replace(replace(${text}, char(383), 's'), char(8490), 'k')`;
}

/** The same expression on PostgreSQL; the search repository repeats it word for word so the index is used. */
const PG_REGEX_TEXT: Record<Table, string> = {
  posts: `replace(replace(case when selftext = '' then title else title || E'\\n' || selftext end, 'ſ', 's'), 'K', 'k')`,
  comments: `replace(replace(body, 'ſ', 's'), 'K', 'k')`,
};

const TEXT_COLUMNS: Record<Table, string> = { posts: 'title, selftext', comments: 'body' };

async function upSqlite(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const event of ['ai', 'ad', 'au'])
      await sql.raw(`drop trigger if exists ${table}_fts_${event}`).execute(db);
    await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    await sql
      .raw(
        `create virtual table ${table}_fts using fts5(search_text, content='', contentless_delete=1, ` +
          `tokenize="unicode61 remove_diacritics 0")`,
      )
      .execute(db);
    await sql
      .raw(
        `create virtual table ${table}_tri using fts5(regex_text, content='', contentless_delete=1, ` +
          `detail=none, tokenize="trigram case_sensitive 0")`,
      )
      .execute(db);
    for (const fts of [`${table}_fts`, `${table}_tri`])
      await sql.raw(`insert into ${fts}(${fts}, rank) values ('automerge', 8)`).execute(db);
    const insertNew =
      `insert into ${table}_fts(rowid, search_text) select new.rowid, new.search_text where new.${LIVE.replace(' and ', ' and new.')}; ` +
      `insert into ${table}_tri(rowid, regex_text) select new.rowid, ${sqliteRegexText(table, 'new.')} ` +
      `where new.${LIVE.replace(' and ', ' and new.')};`;
    const wasLive = `old.${LIVE.replace(' and ', ' and old.')}`;
    const deleteOld =
      `delete from ${table}_fts where rowid = old.rowid and ${wasLive}; ` +
      `delete from ${table}_tri where rowid = old.rowid and ${wasLive};`;
    const changed = [...TEXT_COLUMNS[table].split(', '), 'search_text', 'is_deleted', 'is_removed']
      .map((c) => `old.${c} is not new.${c}`)
      .join(' or ');
    await sql
      .raw(`create trigger ${table}_search_ai after insert on ${table} begin ${insertNew} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_search_ad after delete on ${table} begin ${deleteOld} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_search_au after update on ${table} when ${changed} begin ${deleteOld} ${insertNew} end`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into ${table}_fts(rowid, search_text) select rowid, search_text from ${table} where ${LIVE}`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into ${table}_tri(rowid, regex_text) select rowid, ${sqliteRegexText(table, '')} from ${table} ` +
          `where ${LIVE}`,
      )
      .execute(db);
  }
}

const PG_TRGM_HINT =
  "The PostgreSQL extension pg_trgm is not available on the database server. It ships with PostgreSQL's " +
  'contrib modules: on Debian or Ubuntu install the package postgresql-contrib (or postgresql-<version>, which ' +
  'includes it), on RHEL postgresql<version>-contrib; then start Threadcart again (or run, as a superuser, ' +
  '"create extension pg_trgm" in this database).';

/** Installs pg_trgm once per database (test files migrate their own schemas at the same time) and names its schema. */
async function ensurePgTrgm(db: Kysely<any>): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('threadcart:create-extension-pg_trgm'))`.execute(db);
  const find = () =>
    sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension
      where extname = 'pg_trgm'`.execute(db);
  let found = (await find()).rows[0];
  if (!found) {
    const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows.length === 0) throw new Error(PG_TRGM_HINT);
    // In public, not in the caller's schema: dropping a test schema must not drop the extension of the others.
    await sql.raw('create extension if not exists pg_trgm with schema public').execute(db);
    found = (await find()).rows[0];
  }
  return found!.schema;
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  const trgmSchema = await ensurePgTrgm(db);
  for (const table of TABLES) {
    await sql.raw(`drop index if exists ${table}_search_idx`).execute(db);
    await sql
      .raw(`create index ${table}_search_idx on ${table} using gin (search_vector) where ${LIVE}`)
      .execute(db);
    await sql
      .raw(
        `create index ${table}_regex_trgm_idx on ${table} using gin ((${PG_REGEX_TEXT[table]}) ` +
          `"${trgmSchema}".gin_trgm_ops) where ${LIVE}`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of TABLES) {
      await sql.raw(`drop index if exists ${table}_regex_trgm_idx`).execute(db);
      await sql.raw(`drop index if exists ${table}_search_idx`).execute(db);
      await sql.raw(`create index ${table}_search_idx on ${table} using gin (search_vector)`).execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of ['ai', 'ad', 'au'])
      await sql.raw(`drop trigger if exists ${table}_search_${event}`).execute(db);
    await sql.raw(`drop table if exists ${table}_tri`).execute(db);
    await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    await sql
      .raw(
        `create virtual table ${table}_fts using fts5(search_text, content='${table}', content_rowid='rowid', ` +
          `tokenize="unicode61 remove_diacritics 0")`,
      )
      .execute(db);
    await sql.raw(`insert into ${table}_fts(${table}_fts) values ('rebuild')`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_ai after insert on ${table} begin ` +
          `insert into ${table}_fts(rowid, search_text) values (new.rowid, new.search_text); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_ad after delete on ${table} begin ` +
          `insert into ${table}_fts(${table}_fts, rowid, search_text) values ('delete', old.rowid, old.search_text); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_au after update of search_text on ${table} begin ` +
          `insert into ${table}_fts(${table}_fts, rowid, search_text) values ('delete', old.rowid, old.search_text); ` +
          `insert into ${table}_fts(rowid, search_text) values (new.rowid, new.search_text); end`,
      )
      .execute(db);
  }
}
