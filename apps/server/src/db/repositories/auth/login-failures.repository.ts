import { sql } from 'kysely';
import { dialectOf, type Db } from '../../database.ts';

// Advisory-lock classes (the first key of pg_advisory_xact_lock) for sign-in attempts, one per kind of key.
const USERNAME_LOCK_CLASS = 180_101;
const IP_LOCK_CLASS = 180_102;

export type FailureKey = { usernameKey: string } | { ip: string } | { usernameKey: string; ip: string };

/** Records one failed sign-in. */
export async function insertLoginFailure(
  db: Db,
  failure: { id: string; usernameKey: string; ip: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({
      id: failure.id,
      username_key: failure.usernameKey,
      ip: failure.ip,
      created_at: failure.createdAt,
    })
    .execute();
}

/**
 * Serialises sign-in attempts for one username and one address until the transaction ends. SQLite: nothing to do,
 * the caller's BEGIN IMMEDIATE already holds the database's write lock. PostgreSQL: transaction-level advisory locks
 * on the two keys (a username that never failed has no row to lock), always username first so two attempts cannot
 * wait on each other; the schema is part of the key so test schemas do not contend.
 */
export async function lockLoginKeys(trx: Db, key: { usernameKey: string; ip: string }): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${USERNAME_LOCK_CLASS}, hashtext(current_schema() || ':' || ${key.usernameKey}))`.execute(
    trx,
  );
  await sql`select pg_advisory_xact_lock(${IP_LOCK_CLASS}, hashtext(current_schema() || ':' || ${key.ip}))`.execute(
    trx,
  );
}

/** Deletes one recorded attempt (a sign-in that turned out to succeed). */
export async function deleteLoginFailure(db: Db, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Times of the `limit` latest failures for a username or an IP since `since`, newest first. */
export async function listRecentLoginFailureTimes(
  db: Db,
  key: FailureKey,
  since: string,
  limit: number,
): Promise<string[]> {
  let query = db.selectFrom('login_failures').select('created_at').where('created_at', '>', since);
  if ('usernameKey' in key) query = query.where('username_key', '=', key.usernameKey);
  if ('ip' in key) query = query.where('ip', '=', key.ip);
  const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.created_at);
}

/** Deletes failures recorded before `before` (housekeeping: they hold IP addresses). */
export async function deleteLoginFailuresBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('login_failures').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
