import type { IndexLookup } from '../../../corpus/filters/index-lookups.ts';
import type { RecordType } from '../../../corpus/filters/prepare.ts';
import type { Db } from '../../../db/database.ts';
import { probeLookup } from '../../../db/repositories/corpus/search/corpus-search.repository.ts';
import { LIST_LOOKUP_MAX, LIST_LOOKUP_MIN, SPARSE_LOOKUP_MAX, SPARSE_MIN_TIME_MS } from './scan-sizes.ts';
import { checkpoint, untilDeadline, type SearchLimits } from './search-steps.ts';

/**
 * The smallest lookup that lists at most `limit` rows, or undefined (each probe reads at most limit + 1 entries). The
 * probes run within the deadline: past it the best lookup so far is used, and the caller's own statements stop at
 * once (a probe outside it ran into PostgreSQL's safety-net statement_timeout, a 500 at 10M records under load).
 */
export async function chooseLookup(
  db: Db,
  type: RecordType,
  lookups: readonly IndexLookup[],
  limit: number,
  limits: SearchLimits,
): Promise<IndexLookup | undefined> {
  let best: { lookup: IndexLookup; size: number } | undefined;
  for (const lookup of lookups) {
    if (lookup.kind === 'none') return lookup;
    await checkpoint(limits);
    const size = await untilDeadline(db, limits, (trx) =>
      probeLookup(trx, type, lookup, (best?.size ?? limit) + 1),
    );
    if (size === undefined) break;
    if (size <= (best?.size ?? limit)) best = { lookup, size };
    if (size === 0) break;
  }
  return best?.lookup;
}

/**
 * Driving from a lookup costs a read per row it lists; a scan in result order costs about limit × total / matches
 * rows. They are even near √(limit × total) when the lookup lists the matches only, so a listing drives from a lookup
 * up to that size.
 */
export function lookupLimitFor(limit: number, totalRows: number): number {
  return Math.min(LIST_LOOKUP_MAX, Math.max(LIST_LOOKUP_MIN, Math.round(Math.sqrt(limit * totalRows))));
}

/**
 * A lookup can hold many more rows than match: a phrase of two common words on PostgreSQL, whose lookup lists the
 * records with both words (204,000 comments at 10M records for "big data", 11,600 of them with the phrase). Then the
 * scan in result order is long too: `found` matches in its first `scanned` rows make it about
 * limit × scanned / found rows in all. When that is more than twice the balance size, a lookup up to half of it
 * costs less: at most SPARSE_LOOKUP_MAX rows, or LIST_LOOKUP_MAX when every row listed comes to Node for RE2's check
 * (they arrive in one statement). The half is the margin for a projection from a handful of matches, and for
 * matches that grow denser down the order (Active Comments: 7 in the first 1,000 comments by score, a projected
 * 143,000 rows; its 142,000-row lookup took 645 ms to list where the scan takes 130 ms). Only a search with time to
 * spare widens: a listing from a lookup returns nothing until it ends, where a scan returns what it found by the
 * deadline (a dry run's sample).
 */
export async function chooseSparseLookup(
  db: Db,
  type: RecordType,
  lookups: readonly IndexLookup[],
  scan: { limit: number; found: number; scanned: number; balance: number; needsCheck: boolean },
  limits: SearchLimits,
): Promise<IndexLookup | undefined> {
  if (lookups.length === 0) return undefined;
  if (limits.deadline !== undefined && limits.deadline - Date.now() < SPARSE_MIN_TIME_MS) return undefined;
  const projected = Math.round((scan.limit * scan.scanned) / Math.max(1, scan.found));
  const wide = Math.min(scan.needsCheck ? LIST_LOOKUP_MAX : SPARSE_LOOKUP_MAX, Math.round(projected / 2));
  return wide > scan.balance ? chooseLookup(db, type, lookups, wide, limits) : undefined;
}
