import { sql, type Kysely } from 'kysely';

// The filter fields researchers need (docs/decisions/017-filter-fields.md).
// New stored columns, filled by ingest from the dump fields (rows ingested before stay '' until their files are
// ingested again: `fields_version` 0 marks them, and ingest rewrites such a row even from the same retrieval):
//   posts.post_kind (self | link | image | video | gallery), posts.domain, posts.flair (link flair text).
// Keys for case-insensitive names, A–Z lowered (Reddit names are ASCII), generated from the stored names so that no
// row is rewritten: virtual columns on SQLite, stored ones on PostgreSQL (its only kind; the table is rewritten once).
// Indexes: names with the creation time (a subreddit's November 2022 is one index range), and the creation time with
// the id (date ranges, and the new / old orders). They hold every row: a `removed` rule may ask for any.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

const ASCII_LOWER_PG = (column: string) =>
  `translate(${column}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;

const KEYS: [table: string, key: string, column: string][] = [
  ['posts', 'subreddit_key', 'subreddit'],
  ['posts', 'author_key', 'author'],
  ['posts', 'domain_key', 'domain'],
  ['comments', 'subreddit_key', 'subreddit'],
  ['comments', 'author_key', 'author'],
];

const INDEXES: [name: string, table: string, columns: string][] = [
  ['posts_subreddit_created_idx', 'posts', 'subreddit_key, created_utc'],
  ['posts_author_created_idx', 'posts', 'author_key, created_utc'],
  ['posts_domain_created_idx', 'posts', 'domain_key, created_utc'],
  ['posts_created_idx', 'posts', 'created_utc, id'],
  ['comments_subreddit_created_idx', 'comments', 'subreddit_key, created_utc'],
  ['comments_author_created_idx', 'comments', 'author_key, created_utc'],
  ['comments_created_idx', 'comments', 'created_utc, id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const column of ['post_kind', 'domain', 'flair'])
    await db.schema
      .alterTable('posts')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  for (const table of ['posts', 'comments'])
    await db.schema
      .alterTable(table)
      .addColumn('fields_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  for (const [table, key, column] of KEYS) {
    const expression = pg ? ASCII_LOWER_PG(column) : `lower(${column})`;
    await sql
      .raw(
        `alter table ${table} add column ${key} text generated always as (${expression}) ${pg ? 'stored' : 'virtual'}`,
      )
      .execute(db);
  }
  for (const [name, table, columns] of INDEXES)
    await sql.raw(`create index ${name} on ${table} (${columns})`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
  for (const [table, key] of [...KEYS].reverse()) await db.schema.alterTable(table).dropColumn(key).execute();
  for (const table of ['posts', 'comments'])
    await db.schema.alterTable(table).dropColumn('fields_version').execute();
  for (const column of ['flair', 'domain', 'post_kind'])
    await db.schema.alterTable('posts').dropColumn(column).execute();
}
