import { API_MESSAGES } from '@threadcart/contracts';
import { withTransaction, type Db } from '../../db/database.ts';
import {
  deleteLoginFailure,
  insertLoginFailure,
  lockLoginKeys,
  listRecentLoginFailureTimes,
  type FailureKey,
} from '../../db/repositories/auth/login-failures.repository.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * When `limit` events in a sliding `windowMs` block the next attempt, given the newest-first times of the latest
 * `limit` events: the block lifts when the oldest of them leaves the window. Null when not blocked.
 */
export function blockedUntil(timesNewestFirst: string[], limit: number, windowMs: number): Date | null {
  if (timesNewestFirst.length < limit) return null;
  return new Date(new Date(timesNewestFirst[limit - 1]!).getTime() + windowMs);
}

/** The 429 of the API contract: Retry-After in seconds and "Try again in N minutes." (N rounded up). */
export function tooManyAttempts(retryAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(429, API_MESSAGES.tooManyAttempts(minutes), 'throttled', {
    'retry-after': String(seconds),
  });
}

/**
 * Decides whether a sign-in attempt may go on and, when it may, records it as a failure, in one transaction that
 * holds the username's and the address's locks (docs/decisions/005-sign-in-throttling.md): parallel attempts are
 * counted one after another, so at most 10 per username or address in 15 minutes ever reach the password check.
 * Throws the 429 when 10 recent attempts of either key failed. Returns the attempt's id: the caller clears it with
 * clearLoginAttempt when the password proves right.
 */
export async function beginLoginAttempt(
  db: Db,
  attempt: { usernameKey: string; ip: string },
  now: Date,
): Promise<string> {
  return withTransaction(db, async (trx) => {
    await lockLoginKeys(trx, attempt);
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
    const keys: FailureKey[] = [{ usernameKey: attempt.usernameKey }, { ip: attempt.ip }];
    let retryAt: Date | null = null;
    for (const key of keys) {
      const times = await listRecentLoginFailureTimes(trx, key, since, LOGIN_FAILURE_LIMIT);
      const until = blockedUntil(times, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
      if (until && (!retryAt || until > retryAt)) retryAt = until;
    }
    if (retryAt) throw tooManyAttempts(retryAt, now);
    const id = newId(now.getTime());
    await insertLoginFailure(trx, {
      id,
      usernameKey: attempt.usernameKey,
      ip: attempt.ip,
      createdAt: now.toISOString(),
    });
    return id;
  });
}

/** Removes the attempt beginLoginAttempt recorded, once it signed in: a success is not a failure. */
export async function clearLoginAttempt(db: Db, attemptId: string): Promise<void> {
  await deleteLoginFailure(db, attemptId);
}
