import { REAUTH_MESSAGES } from '@threadcart/contracts';
import {
  findFamilyAuthenticatedAt,
  markFamilyAuthenticated,
} from '../../db/repositories/auth/sessions.repository.ts';
import { findUserById } from '../../db/repositories/auth/users.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError, FieldErrors } from '../../errors.ts';
import { confirmPassword } from '../account/password.service.ts';

/** How long a session's proof of its password lets it manage the account (issue 28). */
export const REAUTH_WINDOW_MS = 10 * 60_000;

export interface AccountSession {
  userId: string;
  /** The refresh family of the browser session making the request. */
  familyId: string;
  ip: string;
}

const notAuthenticated = () =>
  new AppError(401, 'Authentication credentials were not provided.', 'not_authenticated');

/**
 * Checks the password of the session's user (throttled like sign-in, decision 005) and records that the session
 * proved it now. A wrong or missing password is a field error under `field`.
 */
export async function reauthenticate(
  deps: Deps,
  session: AccountSession,
  password: string | undefined,
  field = 'password',
): Promise<void> {
  if (!password) throw new FieldErrors({ [field]: [REAUTH_MESSAGES.passwordRequired] });
  const user = await findUserById(deps.db, session.userId);
  if (!user) throw notAuthenticated();
  await confirmPassword(deps, user, password, {
    ip: session.ip,
    field,
    message: REAUTH_MESSAGES.passwordWrong,
  });
  await markFamilyAuthenticated(deps.db, session.familyId, deps.clock.now().toISOString());
}

/**
 * Lets account management go ahead when the session proved its password in the last REAUTH_WINDOW_MS (sign-in
 * counts), or proves it now with `password`; otherwise 403 `reauthentication_required`, on which the web client asks
 * for the password (`POST /api/auth/reauthenticate/`) and tries again.
 */
export async function assertRecentlyAuthenticated(
  deps: Deps,
  session: AccountSession,
  password?: { value: string | undefined; field: string },
): Promise<void> {
  if (password?.value) {
    await reauthenticate(deps, session, password.value, password.field);
    return;
  }
  const family = await findFamilyAuthenticatedAt(deps.db, session.userId, session.familyId);
  if (!family) throw notAuthenticated();
  const at = family.authenticatedAt ? Date.parse(family.authenticatedAt) : Number.NEGATIVE_INFINITY;
  if (deps.clock.now().getTime() - at <= REAUTH_WINDOW_MS) return;
  throw new AppError(403, REAUTH_MESSAGES.reauthenticationRequired, 'reauthentication_required');
}
