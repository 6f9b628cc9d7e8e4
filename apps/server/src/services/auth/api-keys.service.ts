import { API_KEY_SCOPES, type ApiKeyScope } from '@threadcart/contracts';
import {
  findUserByApiKeyHash,
  revokeAllApiKeys as revokeAllKeys,
  insertApiKey,
  listApiKeys as listKeys,
  revokeApiKey as revokeKey,
  touchApiKey,
  type ApiKeyRecord,
} from '../../db/repositories/auth/api-keys.repository.ts';
import type { AuthUser } from '../../db/repositories/auth/users.repository.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { randomToken, sha256Hex } from '../../lib/secret-tokens.ts';

const KEY_PREFIX = 'tc_';
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 8;
/** last_used_at is written at most this often per key, so busy clients do not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Creates an API key for a user and returns it once: `tc_` + 32 random bytes. Only its sha256 is stored (the key
 * has full entropy, so a slow hash adds nothing), with a short prefix the user can recognise it by.
 */
export async function createApiKey(
  deps: Deps,
  userId: string,
  name: string,
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
): Promise<ApiKeyRecord & { key: string }> {
  const now = deps.clock.now();
  const key = `${KEY_PREFIX}${randomToken()}`;
  const record = await insertApiKey(deps.db, {
    id: newId(now.getTime()),
    userId,
    name: name.trim(),
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    keyHash: sha256Hex(key),
    createdAt: now.toISOString(),
    // In the canonical order, once each.
    scopes: API_KEY_SCOPES.filter((scope) => scopes.includes(scope)),
  });
  return { ...record, key };
}

/** A user's live keys (names and prefixes, never the keys). */
export function listApiKeys(deps: Deps, userId: string): Promise<ApiKeyRecord[]> {
  return listKeys(deps.db, userId);
}

/** Revokes one of the user's keys; 404 when it is not theirs or unknown. */
export async function revokeApiKey(deps: Deps, userId: string, keyId: string): Promise<void> {
  const isRevoked = await revokeKey(deps.db, userId, keyId, deps.clock.now().toISOString());
  if (!isRevoked) throw notFound();
}

/** Revokes every live key of the user (the password page's one click; a password reset); how many. */
export function revokeAllApiKeys(deps: Deps, userId: string): Promise<number> {
  return revokeAllKeys(deps.db, userId, deps.clock.now().toISOString());
}

/** The user a presented key belongs to and the key's scopes, or null; records the use at most once a minute. */
export async function authenticateApiKey(
  deps: Deps,
  key: string,
): Promise<{ user: AuthUser; scopes: ApiKeyScope[] } | null> {
  if (!key.startsWith(KEY_PREFIX)) return null;
  const found = await findUserByApiKeyHash(deps.db, sha256Hex(key));
  if (!found) return null;
  const now = deps.clock.now();
  const lastUsed = found.lastUsedAt ? new Date(found.lastUsedAt).getTime() : 0;
  if (now.getTime() - lastUsed >= TOUCH_INTERVAL_MS)
    await touchApiKey(deps.db, found.keyId, now.toISOString());
  return { user: found.user, scopes: found.scopes };
}
