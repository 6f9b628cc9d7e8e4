import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  // Every reset request, whether or not the e-mail belongs to an account, so throttling reveals nothing.
  await db.schema
    .createTable('password_reset_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_requests_email_idx')
    .on('password_reset_requests')
    .columns(['email_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('password_reset_requests_ip_idx')
    .on('password_reset_requests')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('page_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_views_created_idx').on('page_views').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['page_views', 'outbox_emails', 'password_reset_requests', 'password_reset_tokens']) {
    await db.schema.dropTable(table).execute();
  }
}
