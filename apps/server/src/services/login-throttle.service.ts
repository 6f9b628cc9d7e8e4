import { API_MESSAGES } from '@threadcart/contracts';
import type { Db } from '../db/database.ts';
import {
  insertLoginFailure,
  listRecentLoginFailureTimes,
  type FailureKey,
} from '../db/repositories/login-failures.repository.ts';
import { AppError } from '../errors.ts';
import { newId } from '../lib/ids.ts';

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

/** Throws the 429 when a username or an IP had 10 failed sign-ins in the last 15 minutes; call before verifying. */
export async function assertLoginAllowed(
  db: Db,
  attempt: { usernameKey: string; ip: string },
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const keys: FailureKey[] = [{ usernameKey: attempt.usernameKey }, { ip: attempt.ip }];
  let retryAt: Date | null = null;
  for (const key of keys) {
    const times = await listRecentLoginFailureTimes(db, key, since, LOGIN_FAILURE_LIMIT);
    const until = blockedUntil(times, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
    if (until && (!retryAt || until > retryAt)) retryAt = until;
  }
  if (retryAt) throw tooManyAttempts(retryAt, now);
}

/** Records a failed sign-in against both the username and the IP address. */
export async function recordLoginFailure(
  db: Db,
  attempt: { usernameKey: string; ip: string },
  now: Date,
): Promise<void> {
  await insertLoginFailure(db, {
    id: newId(now.getTime()),
    usernameKey: attempt.usernameKey,
    ip: attempt.ip,
    createdAt: now.toISOString(),
  });
}
