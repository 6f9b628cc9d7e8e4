import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const common = (table: ReturnType<Kysely<any>['schema']['createTable']>) =>
    table
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('created_utc', 'bigint', (c) => c.notNull())
      .addColumn('subreddit', 'text', (c) => c.notNull())
      .addColumn('permalink', 'text', (c) => c.notNull())
      .addColumn('over_18', 'integer', (c) => c.notNull())
      .addColumn('is_deleted', 'integer', (c) => c.notNull())
      .addColumn('is_removed', 'integer', (c) => c.notNull())
      .addColumn('retrieved_at', 'bigint', (c) => c.notNull())
      .addColumn('is_sample', 'integer', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull());

  await common(db.schema.createTable('posts'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('selftext', 'text', (c) => c.notNull())
    .addColumn('num_comments', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .execute();
  await common(db.schema.createTable('comments'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('link_id', 'text', (c) => c.notNull())
    .addColumn('replies', 'integer', (c) => c.notNull())
    .execute();

  // Results are ordered by score desc, id: these indexes serve that order and the engagement filters.
  await db.schema.createIndex('posts_score_idx').on('posts').columns(['score desc', 'id']).execute();
  await db.schema
    .createIndex('posts_num_comments_idx')
    .on('posts')
    .columns(['num_comments', 'score'])
    .execute();
  await db.schema.createIndex('comments_score_idx').on('comments').columns(['score desc', 'id']).execute();
  await db.schema.createIndex('comments_replies_idx').on('comments').columns(['replies', 'score']).execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();
  await db.schema.createIndex('comments_link_idx').on('comments').column('link_id').execute();

  if (isPostgres(db)) {
    for (const table of ['posts', 'comments']) {
      await sql
        .raw(
          `alter table ${table} add column search_vector tsvector ` +
            `generated always as (to_tsvector('simple', search_text)) stored`,
        )
        .execute(db);
      await sql.raw(`create index ${table}_search_idx on ${table} using gin (search_vector)`).execute(db);
    }
    return;
  }
  // SQLite: external-content FTS5 tables over search_text, kept in step by triggers.
  for (const table of ['posts', 'comments']) {
    await sql
      .raw(
        `create virtual table ${table}_fts using fts5(search_text, content='${table}', content_rowid='rowid', ` +
          `tokenize="unicode61 remove_diacritics 0")`,
      )
      .execute(db);
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

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql.raw('drop table if exists posts_fts').execute(db);
    await sql.raw('drop table if exists comments_fts').execute(db);
  }
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('posts').execute();
}
