import {
  ACCOUNT_MESSAGES,
  validatePassword,
  validatePasswordConfirm,
  type ChangePasswordErrorKey,
  type ChangePasswordRequest,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import { revokeOtherRefreshFamilies } from '../../db/repositories/account/account.repository.ts';
import {
  findUserById,
  identifierKey,
  updatePasswordHash,
  type UserRecord,
} from '../../db/repositories/auth/users.repository.ts';
import { markFamilyAuthenticated } from '../../db/repositories/auth/sessions.repository.ts';
import type { Deps } from '../../deps.ts';
import { FieldErrors, notFound } from '../../errors.ts';
import { beginLoginAttempt, clearLoginAttempt } from '../auth/login-throttle.service.ts';
import { hashPassword, verifyPassword } from '../auth/users.service.ts';

/**
 * Checks a signed-in user's password before a sensitive change, throttled like sign-in (decision 005): the attempt
 * counts as a sign-in failure of the username from this address until it succeeds, so a stolen session cannot be
 * used to guess the password. A wrong password is a field error under `field`.
 */
export async function confirmPassword(
  deps: Deps,
  user: UserRecord,
  password: string,
  input: { ip: string; field: string; message: string },
): Promise<void> {
  const attemptId = await beginLoginAttempt(
    deps.db,
    { usernameKey: identifierKey(user.username), ip: input.ip },
    deps.clock.now(),
  );
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new FieldErrors({ [input.field]: [input.message] });
  }
  await clearLoginAttempt(deps.db, attemptId);
}

/**
 * Changes a signed-in user's password after checking the current one; the new one follows the sign-up rules.
 * Every other session (refresh family) of the user ends in the same transaction; `currentFamilyId` (the session
 * the request came from, null for an API key) stays signed in.
 */
export async function changePassword(
  deps: Deps,
  userId: string,
  body: ChangePasswordRequest,
  currentFamilyId: string | null,
  ip: string,
): Promise<void> {
  const errors: Partial<Record<ChangePasswordErrorKey, string[]>> = {};
  const add = (key: ChangePasswordErrorKey, messages: string[]) => {
    if (messages.length > 0) errors[key] = messages;
  };
  if (!body.current_password) add('current_password', [ACCOUNT_MESSAGES.currentPasswordRequired]);
  add('new_password1', validatePassword(body.new_password1 ?? ''));
  add('new_password2', validatePasswordConfirm(body.new_password1 ?? '', body.new_password2 ?? ''));
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  await confirmPassword(deps, user, body.current_password!, {
    ip,
    field: 'current_password',
    message: ACCOUNT_MESSAGES.currentPasswordWrong,
  });
  const passwordHash = await hashPassword(body.new_password1!);
  const at = deps.clock.now().toISOString();
  await withTransaction(deps.db, async (trx) => {
    await updatePasswordHash(trx, userId, passwordHash);
    await revokeOtherRefreshFamilies(trx, {
      userId,
      keepFamilyId: currentFamilyId,
      at,
      reason: 'password_change',
    });
    // The current password was just proved: the session may manage its keys next (issue 28).
    if (currentFamilyId) await markFamilyAuthenticated(trx, currentFamilyId, at);
  });
}
