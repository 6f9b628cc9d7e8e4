import type { Kysely } from 'kysely';

// A mail transport (docs/decisions/037-mail-transport.md): the outbox stays the record of every mail, and with
// SMTP_URL set the deliver-mail job sends its pending mails, retrying with a backoff. Mails written before this
// (and every mail while SMTP_URL is unset) are 'kept': the outbox is their transport and nothing sends them.
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  /** kept | pending | sending | sent | failed */
  await db.schema
    .alterTable('outbox_emails')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('kept'))
    .execute();
  /** tries made (counted when a try is claimed) */
  await db.schema
    .alterTable('outbox_emails')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** pending: when the next try is due */
  await db.schema.alterTable('outbox_emails').addColumn('next_attempt_at', 'text').execute();
  /** sending: the claim lapses then (its process died) and the mail is due again */
  await db.schema.alterTable('outbox_emails').addColumn('lease_expires_at', 'text').execute();
  await db.schema.alterTable('outbox_emails').addColumn('sent_at', 'text').execute();
  /** why the latest try failed (the SMTP server's answer or the connection's error) */
  await db.schema.alterTable('outbox_emails').addColumn('last_error', 'text').execute();
  await db.schema
    .createIndex('outbox_emails_due_idx')
    .on('outbox_emails')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_emails_due_idx').execute();
  for (const column of [
    'last_error',
    'sent_at',
    'lease_expires_at',
    'next_attempt_at',
    'attempts',
    'status',
  ]) {
    await db.schema.alterTable('outbox_emails').dropColumn(column).execute();
  }
}
