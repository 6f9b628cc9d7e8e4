import { sql, type Kysely } from 'kysely';

// Exact counts where an index can count (docs/decisions/046-exact-counts-from-indexes.md). The name, creation-time
// and every-row score indexes hold every row (a `removed` rule may ask for any), but not whether a row is live, so a
// count of "r/science in 2022" (live rows only, the default) read every row of the range from the table. With
// is_deleted and is_removed in the index (PostgreSQL: INCLUDE columns, outside the key; SQLite: trailing key
// columns, as it has no INCLUDE) the count is read from the index alone, and the indexes keep their names, key
// order and every use they had (name ranges, date ranges, the new / old and top-with-removed walks).
// PostgreSQL's name indexes also INCLUDE the score and the id: the best rows of a community in the top, new or old
// order are then chosen from the index alone and only those rows read from the table (a thousand rows, where the
// community's every row was read before: 6.4 s for the top removed records of r/science at 10M records).
// SQLite never reads an index on a virtual generated column (the name keys) as covering, whatever it holds: its name
// indexes stay as they are, and a count of names reads the rows the range lists.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

const INDEXES: [name: string, table: string, key: string, isNameIndex: boolean][] = [
  ['posts_subreddit_created_idx', 'posts', 'subreddit_key, created_utc', true],
  ['posts_author_created_idx', 'posts', 'author_key, created_utc', true],
  ['posts_domain_created_idx', 'posts', 'domain_key, created_utc', true],
  ['posts_created_idx', 'posts', 'created_utc, id', false],
  ['posts_score_all_idx', 'posts', 'score desc, id', false],
  ['comments_subreddit_created_idx', 'comments', 'subreddit_key, created_utc', true],
  ['comments_author_created_idx', 'comments', 'author_key, created_utc', true],
  ['comments_created_idx', 'comments', 'created_utc, id', false],
  ['comments_score_all_idx', 'comments', 'score desc, id', false],
];

const LIVENESS = 'is_deleted, is_removed';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const [name, table, key, isNameIndex] of INDEXES) {
    if (isNameIndex && !pg) continue;
    await sql.raw(`drop index if exists ${name}`).execute(db);
    const columns = pg
      ? `(${key}) include (${LIVENESS}${isNameIndex ? ', score, id' : ''})`
      : `(${key}, ${LIVENESS})`;
    await sql.raw(`create index ${name} on ${table} ${columns}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const [name, table, key, isNameIndex] of INDEXES) {
    if (isNameIndex && !pg) continue;
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(`create index ${name} on ${table} (${key})`).execute(db);
  }
}
