import argon2 from 'argon2';
import {
  API_MESSAGES,
  EMAIL_MESSAGES,
  SIGNUP_MESSAGES,
  validateSignup,
  type SignupRequest,
  type UpdateProfileRequest,
  type User,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  deleteSignupAttempt,
  findPendingEmailChange,
  recordSignupAttemptWithin,
} from '../../db/repositories/auth/email-confirmations.repository.ts';
import {
  findTakenIdentifiers,
  findUserById,
  insertUser,
  uniqueViolationField,
  updateUserName,
  type AuthUser,
} from '../../db/repositories/auth/users.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError, FieldErrors } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { clientNetwork } from '../../lib/mailbox.ts';
import { createSemaphore } from '../../lib/semaphore.ts';
import { mailConfirmationLink, requestEmailChange } from './email-confirmation.service.ts';
import { getBalance } from '../payments/ledger.service.ts';

const SIGNUP_WINDOW_MS = 60 * 60_000;
const NAME_MAX_LENGTH = 200;

export type { AuthUser };

/**
 * argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane): the library's default (64 MiB, 3 passes, 4 lanes) cost
 * ~0.5 s of four threads a sign-in on this 2-core machine, and a burst of sign-ins starved every other request
 * (decision 028). Hashes made with the old parameters still verify (they carry their parameters).
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/**
 * Hashes running at once in this process: argon2 runs in libuv's thread pool (4 threads), which file reads and writes
 * (downloads, the health probe, order files) share, so two at most leave them room; the rest wait their turn.
 */
const hashing = createSemaphore(2);

/** An argon2id hash of a password (HASH_OPTIONS), at most two at once per process. */
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, HASH_OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/** True when the password matches the hash; with no hash it still spends the same time, then says false. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('no-such-user-Password1');
  try {
    const stored = hash ?? (await dummyHash);
    return (await hashing.run(() => argon2.verify(stored, password))) && hash !== undefined;
  } catch {
    return false;
  }
}

/**
 * Creates an account after every rule of docs/product.md §3.1 and mails the link that confirms its address (the
 * sign-up gift comes with the confirmation, decision 020), and maps a concurrent duplicate (the unique index fires)
 * to the same 400 as a sequential one. At most SIGNUPS_PER_ADDRESS_PER_HOUR accounts are made from one client address
 * an hour and SIGNUPS_PER_NETWORK_PER_HOUR from its /24 or /64, counted under a lock so that parallel sign-ups cannot all slip under the limit; a failed sign-up is not
 * counted.
 */
export async function signUp(deps: Deps, body: SignupRequest, ip: string): Promise<User> {
  const errors: Record<string, string[]> = { ...validateSignup(body) };
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  const username = body.username!;
  const email = body.email!.trim();
  const taken = await findTakenIdentifiers(deps.db, username, email);
  if (taken.isUsernameTaken) errors.username = [SIGNUP_MESSAGES.usernameTaken];
  if (taken.isEmailTaken) errors.email = [SIGNUP_MESSAGES.emailTaken];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

  const now = deps.clock.now();
  const attemptId = newId(now.getTime());
  const since = new Date(now.getTime() - SIGNUP_WINDOW_MS).toISOString();
  const attempt = { id: attemptId, ip, network: clientNetwork(ip), createdAt: now.toISOString() };
  const limits = {
    perAddress: deps.config.signupsPerAddressPerHour,
    perNetwork: deps.config.signupsPerNetworkPerHour,
  };
  if ((await recordSignupAttemptWithin(deps.db, attempt, since, limits)) !== 'recorded') {
    throw new AppError(429, EMAIL_MESSAGES.tooManySignups, 'too_many_signups', {
      'retry-after': String(SIGNUP_WINDOW_MS / 1000),
    });
  }

  const id = newId(now.getTime());
  const name = body.name?.trim() || username;
  try {
    const passwordHash = await hashPassword(body.password1!);
    await withTransaction(deps.db, async (trx) => {
      await insertUser(trx, { id, username, email, name, passwordHash, createdAt: now.toISOString() });
      await mailConfirmationLink(deps, trx, { id, username }, 'signup', email, now);
    });
  } catch (error) {
    await deleteSignupAttempt(deps.db, attemptId);
    const field = uniqueViolationField(error);
    if (field === 'username') throw new FieldErrors({ username: [SIGNUP_MESSAGES.usernameTaken] });
    if (field === 'email') throw new FieldErrors({ email: [SIGNUP_MESSAGES.emailTaken] });
    throw error;
  }
  return presentUser(deps, { id, username, email });
}

/** The user as the API shows it: profile, confirmation state, a pending new address, the spendable balance now. */
export async function presentUser(deps: Deps, user: AuthUser): Promise<User> {
  const now = deps.clock.now();
  const account = await findUserById(deps.db, user.id);
  if (!account) throw new AppError(401, API_MESSAGES.notAuthenticated, 'not_authenticated');
  const [credits, pendingEmail] = await Promise.all([
    getBalance(deps.db, user.id, now),
    findPendingEmailChange(deps.db, user.id, now.toISOString()),
  ]);
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    name: account.name,
    credits,
    date_joined: account.createdAt,
    email_confirmed: account.emailConfirmedAt !== null,
    pending_email: pendingEmail,
    role: account.role,
  };
}

/**
 * `PATCH /api/users/me/`: a new name (trimmed; empty means the username, as at sign-up) applies at once; a new
 * e-mail address is mailed a link and applies when it is followed (email-confirmation.service.ts).
 */
export async function updateProfile(deps: Deps, user: AuthUser, body: UpdateProfileRequest): Promise<User> {
  if (body.name !== undefined && body.name.trim().length > NAME_MAX_LENGTH) {
    throw new FieldErrors({ name: [EMAIL_MESSAGES.nameTooLong] });
  }
  if (body.email !== undefined) await requestEmailChange(deps, user, body.email);
  if (body.name !== undefined) await updateUserName(deps.db, user.id, body.name.trim() || user.username);
  return presentUser(deps, user);
}
