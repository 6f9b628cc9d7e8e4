import type { Kysely } from 'kysely';

// The account area (docs/decisions/021-account-area.md): data exports built by the worker, the mark a payment gets
// when its personal fields are removed at account deletion, and an index for the purge of deleted accounts.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** pending → processing → ready | failed; expired once the file is deleted */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .addColumn('file_size', 'bigint')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('account_exports_user_created_idx')
    .on('account_exports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('account_exports_status_idx')
    .on('account_exports')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema.alterTable('payments').addColumn('personal_data_removed_at', 'text').execute();
  await db.schema.createIndex('users_deleted_at_idx').on('users').column('deleted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_deleted_at_idx').execute();
  await db.schema.alterTable('payments').dropColumn('personal_data_removed_at').execute();
  await db.schema.dropTable('account_exports').execute();
}
