import { sql, type Kysely } from 'kysely';

// Ingest speed (docs/decisions/006). The count-first indexes were the dearest part of every ingest batch: a new or
// recounted comment moves its entry in the replies index, and on SQLite every page a batch touches is written to the
// WAL again. Most comments have no reply (70 % of the bench corpus) and many posts no comment, and a filter that
// admits zero matches most of a table, where a scan in score order is the better plan anyway; so these indexes now
// hold only counts above zero, and the filter compiler states `> 0` when a rule's lower bound is at least 1.
// SQLite's FTS5 merges its segments when 8 (not 4) of a level exist: less rewriting per batch, at most 8 segments
// a level to read.
const LIVE = 'is_deleted = 0 and is_removed = 0';
const INDEXES: [name: string, table: string, columns: string, count: string][] = [
  ['posts_live_num_comments_idx', 'posts', 'num_comments, score desc, id', 'num_comments'],
  ['comments_live_replies_idx', 'comments', 'replies, score desc, id', 'replies'],
];
const FTS_AUTOMERGE = 8;
const FTS_DEFAULT_AUTOMERGE = 4;

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

async function setFtsAutomerge(db: Kysely<any>, value: number): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of ['posts', 'comments'])
    await sql.raw(`insert into ${table}_fts(${table}_fts, rank) values ('automerge', ${value})`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns, count] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await sql.raw(`create index ${name} on ${table} (${columns}) where ${LIVE} and ${count} > 0`).execute(db);
  }
  await setFtsAutomerge(db, FTS_AUTOMERGE);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await sql.raw(`create index ${name} on ${table} (${columns}) where ${LIVE}`).execute(db);
  }
  await setFtsAutomerge(db, FTS_DEFAULT_AUTOMERGE);
}
