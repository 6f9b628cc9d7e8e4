import { createHash } from 'node:crypto';
import type { RecordType } from '@threadcart/contracts';

// Random samples walk an index of stored keys (docs/decisions/039-random-samples-by-key.md). A record's key and a
// seed's start are the first 8 bytes of a SHA-256, read as a signed 64-bit integer (the BIGINT / INTEGER both
// databases store and order), so every key is equally likely, re-ingesting a record gives it the same key, and both
// databases, the migration's backfill and the reference evaluator agree.

const first64 = (text: string) => createHash('sha256').update(text).digest().readBigInt64BE(0);

/** A record's sample key: a hash of its type and id (`posts:abc`, `comments:def`). */
export function sampleKey(type: RecordType, id: string): bigint {
  return first64(`${type}:${id}`);
}

/** Where a seed's walk of the key index starts. */
export function sampleStart(seed: number): bigint {
  return first64(`seed:${seed}`);
}

const SPAN = 1n << 64n;

/**
 * How far along a seed's walk a key lies: its distance from the start going up the keys and wrapping past the
 * largest (0 for the start itself). Sorting by it, then by id, is the random sort's order.
 */
export function walkDistance(key: bigint, start: bigint): bigint {
  const distance = key - start;
  return distance < 0n ? distance + SPAN : distance;
}
