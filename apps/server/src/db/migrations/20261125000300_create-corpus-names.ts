import { sql, type Kysely } from 'kysely';

// The names the order builder suggests (docs/decisions/017-filter-fields.md): every subreddit, author and link
// domain of the corpus with its record count, kept by ingest batch by batch (a new row adds one, a replaced row moves
// its count if its name changed). The builder asks for names starting with a few letters: a range of the primary
// key, never the corpus. Keys are the names' ASCII lower case, as the corpus tables' *_key columns; on PostgreSQL
// they compare byte by byte (collation "C"), so that a prefix is one range whatever the database's collation.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('corpus_names')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('name_key', pg ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('records', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('corpus_names_pk', ['field', 'name_key'])
    .execute();
  // The most common names of a field, for a suggestion list before anything is typed.
  await db.schema
    .createIndex('corpus_names_top_idx')
    .on('corpus_names')
    .columns(['field', 'records'])
    .execute();
  // Counts of the rows already stored (a corpus ingested before this migration).
  const parts: [field: string, select: string][] = [
    [
      'subreddit',
      'select subreddit_key as k, subreddit as n from posts union all select subreddit_key, subreddit from comments',
    ],
    [
      'author',
      'select author_key as k, author as n from posts union all select author_key, author from comments',
    ],
    ['domain', 'select domain_key as k, domain as n from posts'],
  ];
  for (const [field, select] of parts)
    await sql
      .raw(
        `insert into corpus_names (field, name_key, name, records) ` +
          `select '${field}', k, min(n), count(*) from (${select}) s where k <> '' group by k`,
      )
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('corpus_names').execute();
}
