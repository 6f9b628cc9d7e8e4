import { API_MESSAGES } from '@threadcart/contracts';
import { withTransaction, type Db } from '../../db/database.ts';
import {
  deleteLoginFailure,
  insertLoginFailure,
  lockLoginKeys,
  listRecentLoginFailureTimes,
} from '../../db/repositories/auth/login-failures.repository.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Failures of one account in the window after which even an address that has not failed waits out the account's
 * delay (a device the user signed in from before never does): below it, someone else's guesses cannot lock the owner
 * out (issue 28 item 5); above it, guessing from many addresses is slowed too.
 */
export const ACCOUNT_FRESH_ADDRESS_CEILING = 30;
/** The account's delay starts after this many failures in the window, then doubles with each: 1 s, 2 s, 4 s … */
export const ACCOUNT_DELAY_FREE_FAILURES = 3;
export const ACCOUNT_DELAY_MAX_MS = 5 * 60_000;

/** How long after its latest failure an account takes the next guess, given its failures in the window. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_DELAY_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - ACCOUNT_DELAY_FREE_FAILURES), ACCOUNT_DELAY_MAX_MS);
}

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
 * holds the username's and the address's locks (docs/decisions/005-sign-in-throttling.md), so parallel attempts are
 * counted one after another. Two limits:
 *
 * - per address: 10 failures in 15 minutes (across usernames) refuse the address with the 429, as before;
 * - per account (issue 28 item 5): a growing delay after the account's latest failure (accountDelayMs), not a lockout.
 *   It does not apply to a device the user signed in from before (`isTrustedDevice`, the signed device cookie), nor to
 *   an address that has not failed on this account while the account has fewer than ACCOUNT_FRESH_ADDRESS_CEILING
 *   failures: someone else's guesses cannot keep the owner out.
 *
 * Returns the attempt's id: the caller clears it with clearLoginAttempt when the password proves right.
 */
export async function beginLoginAttempt(
  db: Db,
  attempt: { usernameKey: string; ip: string; isTrustedDevice?: boolean },
  now: Date,
): Promise<string> {
  return withTransaction(db, async (trx) => {
    await lockLoginKeys(trx, attempt);
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
    const addressTimes = await listRecentLoginFailureTimes(
      trx,
      { ip: attempt.ip },
      since,
      LOGIN_FAILURE_LIMIT,
    );
    let retryAt = blockedUntil(addressTimes, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
    if (!retryAt && !attempt.isTrustedDevice) {
      const accountTimes = await listRecentLoginFailureTimes(
        trx,
        { usernameKey: attempt.usernameKey },
        since,
        ACCOUNT_FRESH_ADDRESS_CEILING + 20,
      );
      const hasAddressFailed =
        (
          await listRecentLoginFailureTimes(
            trx,
            { usernameKey: attempt.usernameKey, ip: attempt.ip },
            since,
            1,
          )
        ).length > 0;
      const isExempt = !hasAddressFailed && accountTimes.length < ACCOUNT_FRESH_ADDRESS_CEILING;
      const delay = accountDelayMs(accountTimes.length);
      if (!isExempt && delay > 0) {
        const until = new Date(new Date(accountTimes[0]!).getTime() + delay);
        if (until > now) retryAt = until;
      }
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
