import type { Kysely } from 'kysely';

// The outbox is purged by age (OUTBOX_RETENTION_DAYS, docs/product.md §9.7): the purge reads it by created_at.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('outbox_emails_created_idx').on('outbox_emails').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_emails_created_idx').execute();
}
