import { createHmac } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import {
  deleteExpiredRateLimits,
  findRateLimit,
  incrementRateLimit,
} from '../../db/repositories/auth/rate-limits.repository.ts';
import type { Deps } from '../../deps.ts';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit over the `rate_limits` table, so that every API process sharing the database
 * counts into the same windows (decision 028). Its semantics are the plugin's LocalStore's: a fixed window that
 * starts at a key's first hit. Keys are stored as an HMAC under the session secret, never as the address itself.
 */
export function databaseRateLimitStore(deps: Deps): FastifyRateLimitStoreCtor {
  const hashKey = (key: string) =>
    createHmac('sha256', deps.config.auth.secret).update(`rate-limit:${key}`).digest('base64url');
  const nowMs = () => deps.clock.now().getTime();
  const report =
    (cb: StoreCallback, at: number) => (count: { hits: number; expiresAt: number } | undefined) =>
      cb(
        null,
        count ? { current: count.hits, ttl: Math.max(0, count.expiresAt - at) } : { current: 0, ttl: 0 },
      );
  const fail = (cb: StoreCallback) => (error: unknown) => {
    deps.logger.warn({ err: error }, 'request limit could not be counted');
    cb(error instanceof Error ? error : new Error(String(error)));
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      const at = nowMs();
      incrementRateLimit(deps.db, hashKey(key), at, timeWindow).then(report(cb, at), fail(cb));
    }

    read(key: string, cb: StoreCallback): void {
      const at = nowMs();
      findRateLimit(deps.db, hashKey(key), at).then(report(cb, at), fail(cb));
    }

    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore;
}

/** Deletes the request-limit counters whose window has ended; returns how many went. */
export async function purgeExpiredRateLimits(deps: Deps): Promise<number> {
  return deleteExpiredRateLimits(deps.db, deps.clock.now().getTime());
}
