import type { Db } from '../../database.ts';

export type ResetRequestKey = { emailKey: string } | { ip: string };

/** Records one reset request (for throttling), whether or not the e-mail has an account. */
export async function insertResetRequest(
  db: Db,
  request: { id: string; emailKey: string; ip: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('password_reset_requests')
    .values({ id: request.id, email_key: request.emailKey, ip: request.ip, created_at: request.createdAt })
    .execute();
}

/** Times of the `limit` latest reset requests for an e-mail or an IP since `since`, newest first. */
export async function listRecentResetRequestTimes(
  db: Db,
  key: ResetRequestKey,
  since: string,
  limit: number,
): Promise<string[]> {
  let query = db.selectFrom('password_reset_requests').select('created_at').where('created_at', '>', since);
  query = 'emailKey' in key ? query.where('email_key', '=', key.emailKey) : query.where('ip', '=', key.ip);
  const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.created_at);
}

/** Stores a reset token by its hash. */
export async function insertResetToken(
  db: Db,
  token: { id: string; userId: string; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      id: token.id,
      user_id: token.userId,
      token_hash: token.tokenHash,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute();
}

/** The unused, unexpired token with this hash whose user is active, or undefined. */
export async function findUsableResetToken(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<{ id: string; userId: string } | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id };
}

/** Uses up a token; false when it was used meanwhile (single use under concurrency). */
export async function markResetTokenUsed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses up every outstanding token of a user, so older links die with the one that was used. */
export async function markUserResetTokensUsed(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Deletes reset requests and tokens created before `before` (housekeeping). */
export async function deleteResetRecordsBefore(db: Db, before: string): Promise<number> {
  const requests = await db
    .deleteFrom('password_reset_requests')
    .where('created_at', '<', before)
    .executeTakeFirst();
  const tokens = await db
    .deleteFrom('password_reset_tokens')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(requests.numDeletedRows) + Number(tokens.numDeletedRows);
}
