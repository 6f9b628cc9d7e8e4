import type { Kysely } from 'kysely';

// Operator roles and the audit log (docs/decisions/022-operator-roles-and-audit.md): a role and a disabled mark on
// users, an append-only log of every administrator action, and a record of every corpus ingest (the console's
// ingest history: nothing kept it before).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: the log outlives the accounts it names. Null for the command line (no signed-in admin).
    .addColumn('admin_user_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_audit_created_idx')
    .on('admin_audit')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_audit_target_idx')
    .on('admin_audit')
    .columns(['target_type', 'target_id'])
    .execute();

  await db.schema
    .createTable('corpus_ingests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('is_sample', 'integer', (c) => c.notNull())
    /** JSON array of the file names read */
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('records_read', 'bigint', (c) => c.notNull())
    .addColumn('inserted', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .addColumn('unchanged', 'bigint', (c) => c.notNull())
    .addColumn('posts', 'bigint', (c) => c.notNull())
    .addColumn('comments', 'bigint', (c) => c.notNull())
    /** JSON object skip reason → lines */
    .addColumn('skipped', 'text', (c) => c.notNull())
    /** JSON array of {file, message} */
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('corpus_ingests_started_idx')
    .on('corpus_ingests')
    .column('started_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('corpus_ingests').execute();
  await db.schema.dropTable('admin_audit').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
