import { sql } from 'kysely';
import { dialectOf, withTransaction, type Db } from '../../database.ts';
import type { EmailConfirmationPurpose } from '../../tables/email-confirmations.tables.ts';
import { identifierKey } from './users.repository.ts';

export interface NewEmailConfirmation {
  id: string;
  userId: string;
  purpose: EmailConfirmationPurpose;
  email: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export interface UsableEmailConfirmation {
  id: string;
  userId: string;
  purpose: EmailConfirmationPurpose;
  email: string;
  emailKey: string;
}

/** Stores a confirmation link by its token's hash. */
export async function insertEmailConfirmation(db: Db, link: NewEmailConfirmation): Promise<void> {
  await db
    .insertInto('email_confirmations')
    .values({
      id: link.id,
      user_id: link.userId,
      purpose: link.purpose,
      email: link.email,
      email_key: identifierKey(link.email),
      token_hash: link.tokenHash,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .execute();
}

/** The unused, unexpired link with this token hash whose account is active, or undefined. */
export async function findUsableEmailConfirmation(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<UsableEmailConfirmation | undefined> {
  const row = await db
    .selectFrom('email_confirmations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.purpose', 'c.email', 'c.email_key'])
    .where('c.token_hash', '=', tokenHash)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', now)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      purpose: row.purpose,
      email: row.email,
      emailKey: row.email_key,
    }
  );
}

/** Uses up every outstanding link of a user for a purpose; true when `onlyId` (if given) was among them. */
export async function markEmailConfirmationsUsed(
  db: Db,
  userId: string,
  purpose: EmailConfirmationPurpose,
  at: string,
  onlyId?: string,
): Promise<boolean> {
  let query = db
    .updateTable('email_confirmations')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null);
  if (onlyId) query = query.where('id', '=', onlyId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The address a change link is waiting to confirm (the latest unused, unexpired one), or null. */
export async function findPendingEmailChange(db: Db, userId: string, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_confirmations')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Times of the `limit` latest links of a user since `since`, newest first (resend throttling). */
export async function listRecentConfirmationTimes(
  db: Db,
  userId: string,
  since: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('email_confirmations')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.created_at);
}

/** Marks the account's address confirmed, once; false when it already was (the gift must not come twice). */
export async function markEmailConfirmed(db: Db, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_confirmed_at: at })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves the account to a new address (confirmed by the link just followed: see markEmailConfirmed). */
export async function updateUserEmail(db: Db, userId: string, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email: email.trim(), email_key: identifierKey(email) })
    .where('id', '=', userId)
    .execute();
}

// Advisory-lock class (the first key of pg_advisory_xact_lock) for sign-ups by network; see login-failures.
const SIGNUP_ADDRESS_LOCK_CLASS = 180_103;

/**
 * Records one sign-up from an address when fewer than `limits.perAddress` were recorded from it and fewer than
 * `limits.perNetwork` from its network (/24, /64) since `since`, and says which limit refused it otherwise: count and
 * insert under the network's lock (SQLite: the transaction's write lock; PostgreSQL: an advisory lock; an address lies
 * in one network), so parallel sign-ups are counted one after another and exactly the limit gets through.
 */
export async function recordSignupAttemptWithin(
  db: Db,
  attempt: { id: string; ip: string; network: string; createdAt: string },
  since: string,
  limits: { perAddress: number; perNetwork: number },
): Promise<'recorded' | 'address' | 'network'> {
  return withTransaction(db, async (trx) => {
    if (dialectOf(trx) === 'postgres') {
      await sql`select pg_advisory_xact_lock(${SIGNUP_ADDRESS_LOCK_CLASS}, hashtext(current_schema() || ':' || ${attempt.network}))`.execute(
        trx,
      );
    }
    const count = async (column: 'ip' | 'network', value: string) => {
      const row = await trx
        .selectFrom('signup_attempts')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where(column, '=', value)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    if ((await count('ip', attempt.ip)) >= limits.perAddress) return 'address';
    if ((await count('network', attempt.network)) >= limits.perNetwork) return 'network';
    await trx
      .insertInto('signup_attempts')
      .values({ id: attempt.id, ip: attempt.ip, network: attempt.network, created_at: attempt.createdAt })
      .execute();
    return 'recorded';
  });
}

/**
 * Claims the sign-up gift for a mailbox (its keyed hash): true the first time, false when the mailbox had it, also
 * through an account deleted since or another spelling of the same mailbox.
 */
export async function claimSignupGiftMailbox(db: Db, mailboxHash: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('signup_gift_mailboxes')
    .values({ mailbox_hash: mailboxHash, granted_at: at })
    .onConflict((oc) => oc.column('mailbox_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Forgets one sign-up attempt (a refused or failed one must not count against the address). */
export async function deleteSignupAttempt(db: Db, id: string): Promise<void> {
  await db.deleteFrom('signup_attempts').where('id', '=', id).execute();
}

/** Deletes sign-up attempts and used or expired links created before `before` (housekeeping). */
export async function deleteEmailRecordsBefore(db: Db, before: string): Promise<number> {
  const attempts = await db.deleteFrom('signup_attempts').where('created_at', '<', before).executeTakeFirst();
  const links = await db
    .deleteFrom('email_confirmations')
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', before)]))
    .executeTakeFirst();
  return Number(attempts.numDeletedRows) + Number(links.numDeletedRows);
}
