import type { Clock } from '../lib/clock.ts';

/** Addresses remembered at most; past it the oldest windows are forgotten first, so memory stays bounded. */
const MAX_TRACKED_KEYS = 50_000;

export interface RateLimiter {
  /** Counts one event for `key`; returns null when allowed, else the seconds until the key may try again. */
  hit(key: string): number | null;
}

/**
 * A fixed-window counter per key (a client address), kept in this process's memory only: no address is ever
 * written to the database (DECISIONS §7). One API process serves the site, so one counter per process is exact.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; clock: Clock }): RateLimiter {
  const { limit, windowMs, clock } = options;
  const windows = new Map<string, { startedAt: number; count: number }>();

  function forgetExpired(now: number): void {
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) windows.delete(key);
    }
    // Insertion order is oldest first: when every window is still live, drop the oldest ones.
    for (const key of windows.keys()) {
      if (windows.size < MAX_TRACKED_KEYS) break;
      windows.delete(key);
    }
  }

  return {
    hit(key) {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        if (window) windows.delete(key);
        if (windows.size >= MAX_TRACKED_KEYS) forgetExpired(now);
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit) return null;
      return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
    },
  };
}
