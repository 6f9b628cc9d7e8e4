import {
  ADMIN_MESSAGES,
  API_MESSAGES,
  validateLogin,
  type LoginRequest,
  type User,
} from '@threadcart/contracts';
import { isUserDisabled } from '../../db/repositories/admin/admin-users.repository.ts';
import { deleteEmailRecordsBefore } from '../../db/repositories/auth/email-confirmations.repository.ts';
import { deleteLoginFailuresBefore } from '../../db/repositories/auth/login-failures.repository.ts';
import { deleteResetRecordsBefore } from '../../db/repositories/auth/password-reset.repository.ts';
import { deleteExpiredRefreshTokens } from '../../db/repositories/auth/sessions.repository.ts';
import { findUserByUsername, identifierKey } from '../../db/repositories/auth/users.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError, FieldErrors } from '../../errors.ts';
import { addDays } from '../../lib/clock.ts';
import { hmacBase64Url, randomToken, safeEqual } from '../../lib/secret-tokens.ts';
import { beginLoginAttempt, clearLoginAttempt } from './login-throttle.service.ts';
import { startSession, type SessionTokens } from './sessions.service.ts';
import { presentUser, verifyPassword } from './users.service.ts';

/**
 * Signs a user in by username (any case) and password and starts a session. The attempt is throttled and recorded
 * atomically before the password is verified (cleared again on success), and unknown usernames cost the same argon2
 * time as wrong passwords.
 */
/** A device cookie's value for a user: `<user id>.<random>.<HMAC of both>`; it proves a past sign-in there. */
export function signDeviceToken(deps: Deps, userId: string): string {
  const body = `${userId}.${randomToken(12)}`;
  return `${body}.${hmacBase64Url(deps.config.auth.secret, `device.${body}`)}`;
}

/** The user id a device cookie was signed for, or null when it is absent or not signed by this server. */
export function readDeviceToken(deps: Deps, token: string | undefined): string | null {
  if (!token) return null;
  const last = token.lastIndexOf('.');
  if (last <= 0) return null;
  const body = token.slice(0, last);
  if (!safeEqual(token.slice(last + 1), hmacBase64Url(deps.config.auth.secret, `device.${body}`)))
    return null;
  return body.slice(0, body.indexOf('.'));
}

export async function signIn(
  deps: Deps,
  body: LoginRequest,
  ip: string,
  deviceToken?: string,
): Promise<{ user: User; tokens: SessionTokens; deviceToken: string }> {
  const missing = validateLogin(body);
  if (Object.keys(missing).length > 0) {
    throw new FieldErrors(Object.fromEntries(Object.entries(missing).map(([key, text]) => [key, [text]])));
  }
  const user = await findUserByUsername(deps.db, body.username!);
  // A device the user signed in from before is not slowed by others' guesses at the account (issue 28 item 5).
  const deviceUserId = readDeviceToken(deps, deviceToken);
  const isTrustedDevice = user !== undefined && deviceUserId === user.id;
  const attempt = { usernameKey: identifierKey(body.username!), ip, isTrustedDevice };
  // Counted as a failure before argon2 runs, so parallel guesses cannot all pass the check (issue 18 item 1).
  const attemptId = await beginLoginAttempt(deps.db, attempt, deps.clock.now());
  const isValid = await verifyPassword(user?.passwordHash, body.password!);
  if (!user || !isValid) throw new AppError(401, API_MESSAGES.invalidCredentials, 'no_active_account');
  await clearLoginAttempt(deps.db, attemptId);
  // Said only to whoever proved the password, so it reveals nothing to a guesser (decision 022).
  if (await isUserDisabled(deps.db, user.id))
    throw new AppError(403, ADMIN_MESSAGES.accountDisabled, 'account_disabled');
  const tokens = await startSession(deps, user.id);
  return {
    user: await presentUser(deps, user),
    tokens,
    deviceToken: isTrustedDevice ? deviceToken! : signDeviceToken(deps, user.id),
  };
}

/** Records kept for throttling or single use live a day; refresh tokens go once expired (they hold no history). */
const AUTH_RECORD_RETENTION_DAYS = 1;

/** Deletes stale sign-in failures (they hold IP addresses), reset requests and tokens, and expired refresh tokens. */
export async function purgeStaleAuthRecords(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const before = addDays(now, -AUTH_RECORD_RETENTION_DAYS).toISOString();
  const counts = await Promise.all([
    deleteLoginFailuresBefore(deps.db, before),
    deleteResetRecordsBefore(deps.db, before),
    deleteEmailRecordsBefore(deps.db, before),
    deleteExpiredRefreshTokens(deps.db, now.toISOString()),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}
