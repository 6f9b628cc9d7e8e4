import type { Db } from '../database.ts';
import type { OutboxEmailsTable } from '../tables/outbox.tables.ts';

export type OutboxEmail = OutboxEmailsTable;

/** Appends a mail to the outbox. */
export async function insertOutboxEmail(db: Db, email: OutboxEmail): Promise<void> {
  await db.insertInto('outbox_emails').values(email).execute();
}

/** The mails sent to an address, oldest first. */
export async function listOutboxEmails(db: Db, toAddress: string): Promise<OutboxEmail[]> {
  return db
    .selectFrom('outbox_emails')
    .selectAll()
    .where('to_address', '=', toAddress)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
