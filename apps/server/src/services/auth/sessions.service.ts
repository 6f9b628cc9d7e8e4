import { withTransaction, type Db } from '../../db/database.ts';
import {
  findRefreshToken,
  findSessionUser,
  insertRefreshFamily,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  revokeUserRefreshFamilies,
} from '../../db/repositories/auth/sessions.repository.ts';
import { findUserById, type AuthUser } from '../../db/repositories/auth/users.repository.ts';
import type { Deps } from '../../deps.ts';
import { addDays } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { hmacBase64Url, randomToken, safeEqual, sha256Hex } from '../../lib/secret-tokens.ts';

/** What the session cookies carry; max ages are in seconds. */
export interface SessionTokens {
  /** The refresh family: the session the CSRF token is bound to. */
  familyId: string;
  accessToken: string;
  refreshToken: string;
  accessMaxAge: number;
  refreshMaxAge: number;
}

export interface AccessClaims {
  sub: string;
  fam: string;
  exp: number;
}

/** Why a refresh was refused: the route answers 401 either way, but a reuse has revoked the family. */
export class RefreshRefusedError extends Error {
  constructor(readonly reason: 'invalid' | 'reused') {
    super(`refresh refused: ${reason}`);
  }
}

const ACCESS_PREFIX = 'v1';
/**
 * How long a just-rotated refresh token still returns the pair it was rotated into (issue 28 item 9): two tabs that
 * refresh at once both get the same new pair instead of one of them revoking the session. After it, a reuse is theft.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** `v1.<base64url JSON claims>.<HMAC-SHA256 of the first two parts>`. */
export function signAccessToken(secret: string, claims: AccessClaims): string {
  const body = `${ACCESS_PREFIX}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${hmacBase64Url(secret, body)}`;
}

/** The claims of a correctly signed access token, or null; expiry is checked unless `now` is null. */
export function readAccessToken(secret: string, token: string, now: Date | null): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== ACCESS_PREFIX) return null;
  const body = `${parts[0]}.${parts[1]}`;
  if (!safeEqual(parts[2]!, hmacBase64Url(secret, body))) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.sub !== 'string' || typeof claims.fam !== 'string' || typeof claims.exp !== 'number') {
      return null;
    }
    if (now && claims.exp * 1000 <= now.getTime()) return null;
    return claims;
  } catch {
    return null;
  }
}

function parseRefreshToken(token: string): { id: string; secret: string } | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot === token.length - 1) return null;
  return { id: token.slice(0, dot), secret: token.slice(dot + 1) };
}

/**
 * The token a refresh token is rotated into: its id and secret derive from the old token's (an HMAC under
 * SESSION_SECRET), so that within the grace window the holder of the old token can be handed the same new one again
 * without the server storing any secret. The old secret has full entropy, so the new one does too.
 */
function successorOf(secret: string, token: { id: string; secret: string }): { id: string; secret: string } {
  return {
    id: `r${hmacBase64Url(secret, `refresh-next-id.${token.id}`).slice(0, 31)}`,
    secret: hmacBase64Url(secret, `refresh-next-secret.${token.secret}`),
  };
}

function accessFor(deps: Deps, userId: string, familyId: string, now: Date) {
  const { secret, accessTtlSeconds } = deps.config.auth;
  const exp = Math.floor(now.getTime() / 1000) + accessTtlSeconds;
  return signAccessToken(secret, { sub: userId, fam: familyId, exp });
}

async function issueTokens(
  deps: Deps,
  db: Db,
  userId: string,
  familyId: string,
  now: Date,
  refresh: { id: string; secret: string } = { id: newId(now.getTime()), secret: randomToken() },
) {
  const { accessTtlSeconds, refreshTtlDays } = deps.config.auth;
  await insertRefreshToken(db, {
    id: refresh.id,
    familyId,
    tokenHash: sha256Hex(refresh.secret),
    createdAt: now.toISOString(),
    expiresAt: addDays(now, refreshTtlDays).toISOString(),
  });
  return {
    familyId,
    accessToken: accessFor(deps, userId, familyId, now),
    refreshToken: `${refresh.id}.${refresh.secret}`,
    accessMaxAge: accessTtlSeconds,
    refreshMaxAge: refreshTtlDays * 86_400,
  };
}

/** Starts a browser session for a user who just proved who they are: a new refresh family and both tokens. */
export async function startSession(deps: Deps, userId: string): Promise<SessionTokens> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (trx) => {
    const familyId = newId(now.getTime());
    await insertRefreshFamily(trx, { id: familyId, userId, createdAt: now.toISOString() });
    return issueTokens(deps, trx, userId, familyId, now);
  });
}

/**
 * Exchanges a refresh token for new tokens in the same family. The old token is marked used by a conditional
 * update, so of two concurrent uses only one rotates; a use of it within REFRESH_REUSE_GRACE_MS of its rotation (the
 * other tab) gets the same new pair, provided that pair has not been used itself; any later use revokes the whole
 * family (theft).
 */
export async function rotateSession(
  deps: Deps,
  refreshToken: string,
): Promise<{ user: AuthUser; tokens: SessionTokens }> {
  const parsed = parseRefreshToken(refreshToken);
  if (!parsed) throw new RefreshRefusedError('invalid');
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const outcome = await withTransaction(deps.db, async (trx) => {
    const record = await findRefreshToken(trx, parsed.id);
    if (!record || !safeEqual(record.tokenHash, sha256Hex(parsed.secret)))
      return { kind: 'invalid' } as const;
    if (record.familyRevokedAt) return { kind: 'invalid' } as const;
    const isReused =
      record.usedAt !== null ||
      (record.expiresAt > nowIso && !(await markRefreshTokenUsed(trx, record.id, nowIso)));
    const successor = successorOf(deps.config.auth.secret, parsed);
    if (isReused) {
      // A concurrent rotation may have just committed: read the time it was used at.
      const usedAt = record.usedAt ?? (await findRefreshToken(trx, record.id))?.usedAt ?? null;
      const next = usedAt ? await findRefreshToken(trx, successor.id) : undefined;
      const isWithinGrace = usedAt !== null && now.getTime() - Date.parse(usedAt) <= REFRESH_REUSE_GRACE_MS;
      if (isWithinGrace && next && next.usedAt === null && next.expiresAt > nowIso) {
        const user = await findUserById(trx, record.userId);
        if (!user) return { kind: 'invalid' } as const;
        const { accessTtlSeconds } = deps.config.auth;
        const tokens: SessionTokens = {
          familyId: record.familyId,
          accessToken: accessFor(deps, user.id, record.familyId, now),
          refreshToken: `${successor.id}.${successor.secret}`,
          accessMaxAge: accessTtlSeconds,
          refreshMaxAge: Math.max(0, Math.floor((Date.parse(next.expiresAt) - now.getTime()) / 1000)),
        };
        return { kind: 'ok', user, tokens } as const;
      }
      await revokeRefreshFamily(trx, record.familyId, nowIso, 'reuse');
      return { kind: 'reused', familyId: record.familyId, userId: record.userId } as const;
    }
    if (record.expiresAt <= nowIso) return { kind: 'invalid' } as const;
    const user = await findUserById(trx, record.userId);
    if (!user) return { kind: 'invalid' } as const;
    const tokens = await issueTokens(deps, trx, user.id, record.familyId, now, successor);
    return { kind: 'ok', user, tokens } as const;
  });
  if (outcome.kind === 'reused') {
    deps.logger.warn(
      { familyId: outcome.familyId, userId: outcome.userId },
      'refresh token reused: family revoked',
    );
    throw new RefreshRefusedError('reused');
  }
  if (outcome.kind === 'invalid') throw new RefreshRefusedError('invalid');
  const { id, username, email } = outcome.user;
  return { user: { id, username, email }, tokens: outcome.tokens };
}

/** Ends the session the cookies belong to (their refresh family); unknown or absent tokens are ignored. */
export async function endSession(
  deps: Deps,
  tokens: { refreshToken?: string; accessToken?: string },
): Promise<void> {
  const nowIso = deps.clock.now().toISOString();
  const families = new Set<string>();
  const parsed = tokens.refreshToken ? parseRefreshToken(tokens.refreshToken) : null;
  if (parsed) {
    const record = await findRefreshToken(deps.db, parsed.id);
    if (record && safeEqual(record.tokenHash, sha256Hex(parsed.secret))) families.add(record.familyId);
  }
  const claims = tokens.accessToken
    ? readAccessToken(deps.config.auth.secret, tokens.accessToken, null)
    : null;
  if (claims) families.add(claims.fam);
  for (const familyId of families) await revokeRefreshFamily(deps.db, familyId, nowIso, 'logout');
}

/**
 * The refresh family the session cookies belong to, or null: the access token's (signature checked, expiry not:
 * an expired token still names its session), else the refresh token's (its secret checked against the stored hash).
 */
export async function findSessionFamilyId(
  deps: Deps,
  tokens: { refreshToken?: string; accessToken?: string },
): Promise<string | null> {
  const claims = tokens.accessToken
    ? readAccessToken(deps.config.auth.secret, tokens.accessToken, null)
    : null;
  if (claims) return claims.fam;
  const parsed = tokens.refreshToken ? parseRefreshToken(tokens.refreshToken) : null;
  if (!parsed) return null;
  const record = await findRefreshToken(deps.db, parsed.id);
  return record && safeEqual(record.tokenHash, sha256Hex(parsed.secret)) ? record.familyId : null;
}

/**
 * The user an access token stands for and its session (refresh family), provided the token is signed, unexpired
 * and its family is not revoked.
 */
export async function authenticateAccessToken(
  deps: Deps,
  token: string,
): Promise<{ user: AuthUser; familyId: string } | null> {
  const claims = readAccessToken(deps.config.auth.secret, token, deps.clock.now());
  if (!claims) return null;
  const user = await findSessionUser(deps.db, claims.sub, claims.fam);
  return user ? { user, familyId: claims.fam } : null;
}

/** Revokes every session of a user (after a password reset); access tokens stop working at once. */
export async function revokeAllSessions(db: Db, userId: string, now: Date, reason: string): Promise<void> {
  await revokeUserRefreshFamilies(db, userId, now.toISOString(), reason);
}
