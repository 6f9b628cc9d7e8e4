import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../database.ts';
import type { Database } from '../../schema.ts';
import type { OutboxEmailsTable, OutboxMailStatus } from '../../tables/outbox.tables.ts';

export type OutboxEmail = OutboxEmailsTable;
export type { OutboxMailStatus };

/** A mail claimed for one try: what the SMTP transport needs, and the try's number (its claim). */
export interface ClaimedOutboxEmail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  /** this try's number, counted at the claim; finishing the try checks it */
  readonly attempt: number;
}

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

/** Pending and past its time, or sending with a lapsed claim (the process sending it died). */
const isDue = (nowIso: string) => (eb: ExpressionBuilder<Database, 'outbox_emails'>) =>
  eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
    eb.and([eb('status', '=', 'sending'), eb('lease_expires_at', '<', nowIso)]),
  ]);

/**
 * Claims up to `limit` due mails for one try each, oldest due first, counting the try. Each claim is a conditional
 * update of one row (still due, tries unchanged), so of two processes racing for a mail exactly one wins on either
 * dialect and a mail is never sent twice side by side; the loser moves on to the next candidate.
 */
export async function claimDueOutboxEmails(
  db: Db,
  input: { nowIso: string; leaseExpiresAt: string; limit: number },
): Promise<ClaimedOutboxEmail[]> {
  const candidates = await db
    .selectFrom('outbox_emails')
    .select(['id', 'attempts'])
    .where(isDue(input.nowIso))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(input.limit * 2)
    .execute();
  const claimed = new Map<string, number>();
  for (const candidate of candidates) {
    if (claimed.size >= input.limit) break;
    const result = await db
      .updateTable('outbox_emails')
      .set({ status: 'sending', attempts: candidate.attempts + 1, lease_expires_at: input.leaseExpiresAt })
      .where('id', '=', candidate.id)
      .where('attempts', '=', candidate.attempts)
      .where(isDue(input.nowIso))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.set(candidate.id, candidate.attempts + 1);
  }
  if (claimed.size === 0) return [];
  const rows = await db
    .selectFrom('outbox_emails')
    .select(['id', 'to_address', 'subject', 'body'])
    .where('id', 'in', [...claimed.keys()])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    body: r.body,
    attempt: claimed.get(r.id)!,
  }));
}

/**
 * Ends a try: the mail becomes `sent`, `failed`, or `pending` again with its next time, only while the try still holds
 * it (sending, same try number). False when it does not (its claim lapsed and another process took it over, or the
 * mail was deleted meanwhile): then nothing is written.
 */
export async function finishOutboxAttempt(
  db: Db,
  input: {
    id: string;
    attempt: number;
    status: Extract<OutboxMailStatus, 'pending' | 'sent' | 'failed'>;
    nextAttemptAt: string | null;
    nowIso: string;
    error: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox_emails')
    .set({
      status: input.status,
      next_attempt_at: input.nextAttemptAt,
      lease_expires_at: null,
      sent_at: input.status === 'sent' ? input.nowIso : null,
      last_error: input.error,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', input.attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
