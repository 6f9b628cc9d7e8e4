import { validateEmail, validatePassword, validatePasswordConfirm } from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  findUsableResetToken,
  insertResetRequest,
  insertResetToken,
  listRecentResetRequestTimes,
  markResetTokenUsed,
  markUserResetTokensUsed,
  type ResetRequestKey,
} from '../../db/repositories/auth/password-reset.repository.ts';
import {
  findUserByEmail,
  identifierKey,
  updatePasswordHash,
} from '../../db/repositories/auth/users.repository.ts';
import type { Deps } from '../../deps.ts';
import { FieldErrors } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { randomToken, sha256Hex } from '../../lib/secret-tokens.ts';
import { blockedUntil, tooManyAttempts } from './login-throttle.service.ts';
import { getMailer } from '../operations/mail.service.ts';
import { revokeAllSessions } from './sessions.service.ts';
import { revokeAllApiKeys } from '../../db/repositories/auth/api-keys.repository.ts';
import { hashPassword } from './users.service.ts';

export const RESET_MESSAGES = {
  requested: 'If an account exists for that email, a reset link has been sent.',
  done: 'Your password has been reset. Please log in.',
  invalidToken: 'This reset link is invalid or has expired.',
} as const;

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
const RESET_WINDOW_MS = 60 * 60_000;
const RESET_LIMIT_PER_EMAIL = 5;
const RESET_LIMIT_PER_IP = 20;

async function assertResetAllowed(deps: Deps, emailKey: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - RESET_WINDOW_MS).toISOString();
  const limits: [ResetRequestKey, number][] = [
    [{ emailKey }, RESET_LIMIT_PER_EMAIL],
    [{ ip }, RESET_LIMIT_PER_IP],
  ];
  for (const [key, limit] of limits) {
    const times = await listRecentResetRequestTimes(deps.db, key, since, limit);
    const until = blockedUntil(times, limit, RESET_WINDOW_MS);
    if (until) throw tooManyAttempts(until, now);
  }
}

/**
 * Mails a single-use reset link valid for one hour when the e-mail belongs to an account, and answers the same
 * either way (no enumeration). Requests are throttled per e-mail (5/hour) and per IP (20/hour), counted whether
 * or not the account exists, so the 429 reveals nothing either.
 */
export async function requestPasswordReset(deps: Deps, email: string | undefined, ip: string): Promise<void> {
  const messages = validateEmail(email ?? '');
  if (messages.length > 0) throw new FieldErrors({ email: messages });
  const emailKey = identifierKey(email!);
  const now = deps.clock.now();
  await assertResetAllowed(deps, emailKey, ip, now);
  await withTransaction(deps.db, async (trx) => {
    await insertResetRequest(trx, { id: newId(now.getTime()), emailKey, ip, createdAt: now.toISOString() });
    const user = await findUserByEmail(trx, emailKey);
    if (!user) return;
    const token = randomToken();
    await insertResetToken(trx, {
      id: newId(now.getTime()),
      userId: user.id,
      tokenHash: sha256Hex(token),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
    });
    const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await getMailer(deps, trx).send({
      to: user.email,
      subject: 'Reset your Threadcart password',
      body: [
        `Hello ${user.username},`,
        '',
        'Someone asked to reset the password of your Threadcart account.',
        `Open this link within 1 hour to choose a new one:\n${link}`,
        '',
        'If it was not you, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  });
}

/**
 * Sets a new password (the sign-up password rules, docs/product.md §3.8) with a valid reset token, uses the token up
 * (single use, also under concurrency) along with the user's other outstanding links, and revokes every session of
 * the user and every API key.
 */
export async function confirmPasswordReset(
  deps: Deps,
  body: { token?: string; password1?: string; password2?: string },
): Promise<void> {
  const now = deps.clock.now();
  const errors: Record<string, string[]> = {};
  const found = body.token
    ? await findUsableResetToken(deps.db, sha256Hex(body.token), now.toISOString())
    : null;
  if (!found) errors.token = [RESET_MESSAGES.invalidToken];
  const password = validatePassword(body.password1 ?? '');
  if (password.length > 0) errors.password = password;
  const confirm = validatePasswordConfirm(body.password1 ?? '', body.password2 ?? '');
  if (confirm.length > 0) errors.password_confirm = confirm;
  if (!found || Object.keys(errors).length > 0) throw new FieldErrors(errors);

  const passwordHash = await hashPassword(body.password1!);
  await withTransaction(deps.db, async (trx) => {
    if (!(await markResetTokenUsed(trx, found.id, now.toISOString()))) {
      throw new FieldErrors({ token: [RESET_MESSAGES.invalidToken] });
    }
    await updatePasswordHash(trx, found.userId, passwordHash);
    await markUserResetTokensUsed(trx, found.userId, now.toISOString());
    await revokeAllSessions(trx, found.userId, now, 'password_reset');
    // Whoever reset the password owns the account: keys made before it stop working too (issue 28).
    await revokeAllApiKeys(trx, found.userId, now.toISOString());
  });
}
