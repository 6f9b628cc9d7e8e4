import argon2 from 'argon2';
import {
  API_MESSAGES,
  SIGNUP_MESSAGES,
  validateSignup,
  type SignupRequest,
  type User,
} from '@threadcart/contracts';
import { withTransaction } from '../db/database.ts';
import {
  findTakenIdentifiers,
  findUserById,
  insertUser,
  uniqueViolationField,
  type AuthUser,
} from '../db/repositories/users.repository.ts';
import type { Deps } from '../deps.ts';
import { AppError, FieldErrors } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { getBalance, grantSignupGift, listActiveLots } from './ledger.service.ts';

export type { AuthUser };

/** An argon2id hash of a password (the library's defaults: 64 MiB, 3 passes). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/** True when the password matches the hash; with no hash it still spends the same time, then says false. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('no-such-user-Password1');
  try {
    return (await argon2.verify(hash ?? (await dummyHash), password)) && hash !== undefined;
  } catch {
    return false;
  }
}

/**
 * Creates an account after every rule of spec §5, grants the sign-up gift in the same transaction, and maps a
 * concurrent duplicate (the unique index fires) to the same 400 as a sequential one.
 */
export async function signUp(deps: Deps, body: SignupRequest): Promise<User> {
  const errors: Record<string, string[]> = { ...validateSignup(body) };
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  const username = body.username!;
  const email = body.email!.trim();
  const taken = await findTakenIdentifiers(deps.db, username, email);
  if (taken.isUsernameTaken) errors.username = [SIGNUP_MESSAGES.usernameTaken];
  if (taken.isEmailTaken) errors.email = [SIGNUP_MESSAGES.emailTaken];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

  const passwordHash = await hashPassword(body.password1!);
  const now = deps.clock.now();
  const id = newId(now.getTime());
  try {
    await withTransaction(deps.db, async (trx) => {
      const name = body.name?.trim() || username;
      await insertUser(trx, { id, username, email, name, passwordHash, createdAt: now.toISOString() });
      await grantSignupGift(trx, id, now);
    });
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field === 'username') throw new FieldErrors({ username: [SIGNUP_MESSAGES.usernameTaken] });
    if (field === 'email') throw new FieldErrors({ email: [SIGNUP_MESSAGES.emailTaken] });
    throw error;
  }
  return presentUser(deps, { id, username, email }, now.toISOString());
}

/** The user as the API shows it, with the spendable balance now. */
export async function presentUser(deps: Deps, user: AuthUser, dateJoined?: string): Promise<User> {
  const joined = dateJoined ?? (await findUserById(deps.db, user.id))?.createdAt;
  if (!joined) throw new AppError(401, API_MESSAGES.notAuthenticated, 'not_authenticated');
  const credits = await getBalance(deps.db, user.id, deps.clock.now());
  return { id: user.id, username: user.username, email: user.email, credits, date_joined: joined };
}

/** The spendable balance and the lots that make it up, the one that expires first first. */
export async function getCreditsSummary(deps: Deps, userId: string) {
  const now = deps.clock.now();
  const [credits, lots] = await Promise.all([
    getBalance(deps.db, userId, now),
    listActiveLots(deps.db, userId, now),
  ]);
  return { credits, lots };
}
