import { sql } from 'kysely';
import type { Db } from '../../database.ts';

export interface RateLimitCount {
  readonly hits: number;
  /** epoch milliseconds: when the window ends */
  readonly expiresAt: number;
}

/**
 * Counts one hit for `key` in one statement (an upsert, atomic on both databases, so processes sharing the database
 * never lose a hit): a key whose window has ended starts a new one of `windowMs` with 1 hit. Returns the count.
 */
export async function incrementRateLimit(
  db: Db,
  key: string,
  nowMs: number,
  windowMs: number,
): Promise<RateLimitCount> {
  const isOver = sql<boolean>`rate_limits.expires_at <= ${nowMs}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, expires_at: nowMs + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${isOver} then 1 else rate_limits.hits + 1 end`,
        expires_at: sql<number>`case when ${isOver} then ${nowMs + windowMs} else rate_limits.expires_at end`,
      }),
    )
    .returning(['hits', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), expiresAt: Number(row.expires_at) };
}

/** The live count of `key` without counting a hit; undefined when it has none or its window has ended. */
export async function findRateLimit(db: Db, key: string, nowMs: number): Promise<RateLimitCount | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'expires_at'])
    .where('key', '=', key)
    .where('expires_at', '>', nowMs)
    .executeTakeFirst();
  return row && { hits: Number(row.hits), expiresAt: Number(row.expires_at) };
}

/** Deletes the counters whose window ended before `nowMs`; returns how many went. */
export async function deleteExpiredRateLimits(db: Db, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
