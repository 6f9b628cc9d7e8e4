import type { Db } from '../database.ts';

export type FailureKey = { usernameKey: string } | { ip: string };

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

/** Times of the `limit` latest failures for a username or an IP since `since`, newest first. */
export async function listRecentLoginFailureTimes(
  db: Db,
  key: FailureKey,
  since: string,
  limit: number,
): Promise<string[]> {
  let query = db.selectFrom('login_failures').select('created_at').where('created_at', '>', since);
  query =
    'usernameKey' in key ? query.where('username_key', '=', key.usernameKey) : query.where('ip', '=', key.ip);
  const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.created_at);
}

/** Deletes failures recorded before `before` (housekeeping: they hold IP addresses). */
export async function deleteLoginFailuresBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('login_failures').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
