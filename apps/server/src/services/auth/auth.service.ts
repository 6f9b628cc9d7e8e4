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
import { beginLoginAttempt, clearLoginAttempt } from './login-throttle.service.ts';
import { startSession, type SessionTokens } from './sessions.service.ts';
import { presentUser, verifyPassword } from './users.service.ts';

/**
 * Signs a user in by username (any case) and password and starts a session. The attempt is throttled and recorded
 * atomically before the password is verified (cleared again on success), and unknown usernames cost the same argon2
 * time as wrong passwords.
 */
export async function signIn(
  deps: Deps,
  body: LoginRequest,
  ip: string,
): Promise<{ user: User; tokens: SessionTokens }> {
  const missing = validateLogin(body);
  if (Object.keys(missing).length > 0) {
    throw new FieldErrors(Object.fromEntries(Object.entries(missing).map(([key, text]) => [key, [text]])));
  }
  const attempt = { usernameKey: identifierKey(body.username!), ip };
  // Counted as a failure before argon2 runs, so parallel guesses cannot all pass the check (issue 18 item 1).
  const attemptId = await beginLoginAttempt(deps.db, attempt, deps.clock.now());
  const user = await findUserByUsername(deps.db, body.username!);
  const isValid = await verifyPassword(user?.passwordHash, body.password!);
  if (!user || !isValid) throw new AppError(401, API_MESSAGES.invalidCredentials, 'no_active_account');
  await clearLoginAttempt(deps.db, attemptId);
  // Said only to whoever proved the password, so it reveals nothing to a guesser (decision 022).
  if (await isUserDisabled(deps.db, user.id))
    throw new AppError(403, ADMIN_MESSAGES.accountDisabled, 'account_disabled');
  const tokens = await startSession(deps, user.id);
  return { user: await presentUser(deps, user), tokens };
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
