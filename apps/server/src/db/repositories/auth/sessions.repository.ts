import type { Db } from '../../database.ts';
import type { AuthUser } from './users.repository.ts';

export interface RefreshTokenRecord {
  id: string;
  familyId: string;
  userId: string;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  familyRevokedAt: string | null;
}

/** Starts a refresh family: one sign-in, and every token rotated from it. */
export async function insertRefreshFamily(
  db: Db,
  family: { id: string; userId: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('refresh_families')
    .values({
      id: family.id,
      user_id: family.userId,
      created_at: family.createdAt,
      revoked_at: null,
      revoked_reason: null,
      authenticated_at: family.createdAt,
    })
    .execute();
}

/** When a live family of this user last proved the password; undefined when the family is not theirs or revoked. */
export async function findFamilyAuthenticatedAt(
  db: Db,
  userId: string,
  familyId: string,
): Promise<{ authenticatedAt: string | null } | undefined> {
  const row = await db
    .selectFrom('refresh_families')
    .select('authenticated_at')
    .where('id', '=', familyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row && { authenticatedAt: row.authenticated_at };
}

/** Records that a session proved the password now. */
export async function markFamilyAuthenticated(db: Db, familyId: string, at: string): Promise<void> {
  await db.updateTable('refresh_families').set({ authenticated_at: at }).where('id', '=', familyId).execute();
}

/** Stores a refresh token by the hash of its secret. */
export async function insertRefreshToken(
  db: Db,
  token: { id: string; familyId: string; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: token.id,
      family_id: token.familyId,
      token_hash: token.tokenHash,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute();
}

/** A refresh token with its family's owner and revocation, whatever its state. */
export async function findRefreshToken(db: Db, id: string): Promise<RefreshTokenRecord | undefined> {
  const row = await db
    .selectFrom('refresh_tokens as t')
    .innerJoin('refresh_families as f', 'f.id', 't.family_id')
    .select(['t.id', 't.family_id', 't.token_hash', 't.expires_at', 't.used_at', 'f.user_id', 'f.revoked_at'])
    .where('t.id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      familyId: row.family_id,
      userId: row.user_id,
      tokenHash: row.token_hash,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      familyRevokedAt: row.revoked_at,
    }
  );
}

/** Marks a refresh token used; false when it already was (a concurrent or repeated use). */
export async function markRefreshTokenUsed(db: Db, id: string, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: usedAt })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes one family, keeping the first revocation's time and reason. */
export async function revokeRefreshFamily(
  db: Db,
  familyId: string,
  at: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('refresh_families')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live family of a user (password reset): all their browser sessions end. */
export async function revokeUserRefreshFamilies(
  db: Db,
  userId: string,
  at: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('refresh_families')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The active user of a live (not revoked) family, or undefined: what an access token is checked against. */
export async function findSessionUser(
  db: Db,
  userId: string,
  familyId: string,
): Promise<AuthUser | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('refresh_families as f', 'f.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.email'])
    .where('u.id', '=', userId)
    .where('f.id', '=', familyId)
    .where('u.deleted_at', 'is', null)
    .where('u.disabled_at', 'is', null)
    .where('f.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Deletes refresh tokens that expired before `before` (housekeeping). */
export async function deleteExpiredRefreshTokens(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('refresh_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
