import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('search_type', 'text', (c) => c.notNull())
    .addColumn('format_type', 'text', (c) => c.notNull())
    .addColumn('result_count', 'integer', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('query_string', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('records_delivered', 'integer')
    .addColumn('credits_charged', 'integer')
    .addColumn('reservation_id', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_key', 'text')
    .addColumn('file_size', 'bigint')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('orders_user_created_idx')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('orders_user_idempotency_idx')
    .on('orders')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('orders_queue_idx')
    .on('orders')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('orders').execute();
}
