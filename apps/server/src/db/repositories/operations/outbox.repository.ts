import type { Db } from '../../database.ts';
import type { OutboxEmailsTable } from '../../tables/outbox.tables.ts';

export type OutboxEmail = OutboxEmailsTable;

/** Appends a mail to the outbox. */
export async function insertOutboxEmail(db: Db, email: OutboxEmail): Promise<void> {
  await db.insertInto('outbox_emails').values(email).execute();
}

/** Deletes every mail sent to an address (an account being deleted); returns how many. */
export async function deleteOutboxEmailsTo(db: Db, toAddress: string): Promise<number> {
  const result = await db.deleteFrom('outbox_emails').where('to_address', '=', toAddress).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` mails written before `cutoff` (ISO time), oldest first; returns how many. */
export async function deleteOutboxEmailsBefore(db: Db, cutoff: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('outbox_emails')
    .where(
      'id',
      'in',
      db
        .selectFrom('outbox_emails')
        .select('id')
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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
