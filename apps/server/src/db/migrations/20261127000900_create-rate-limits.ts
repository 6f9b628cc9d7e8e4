import type { Kysely } from 'kysely';

// The request limits' counters (docs/decisions/028-request-limits.md): one row per limited key, a fixed window.
// Several API processes share the table, so they agree on a limit. `key` is a keyed hash (HMAC) of the bucket and
// the client's address or user id: no address is stored. Rows past `expires_at` are dead and purged by the worker.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    /** epoch milliseconds: the window's end */
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
