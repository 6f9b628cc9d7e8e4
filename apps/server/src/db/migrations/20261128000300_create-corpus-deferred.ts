import type { Kysely } from 'kysely';

// A bulk ingest's deferred corpus indexes (docs/decisions/027-bulk-ingest.md): one row per index (and, on SQLite,
// per FTS5 sync trigger) dropped for the load, with the exact statement that makes it again. Rows exist only while
// a bulk load runs or after one was interrupted; the next ingest (or `corpus ingest --finish`) rebuilds what they
// name and deletes them. While any row exists, searches answer 503 corpus_bulk_loading.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('corpus_deferred')
    .addColumn('name', 'text', (c) => c.primaryKey())
    /** 'index' or 'trigger' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    /** the statement that creates it, as the database reported it (pg_indexes.indexdef, sqlite_master.sql) */
    .addColumn('definition', 'text', (c) => c.notNull())
    /** ISO-8601 UTC */
    .addColumn('deferred_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('corpus_deferred').execute();
}
