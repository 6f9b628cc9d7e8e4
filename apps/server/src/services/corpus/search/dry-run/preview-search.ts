import {
  PREVIEW_MATCH_CAP,
  type Aggregations,
  type AggregationsRequest,
  type FilterTree,
  type SearchType,
} from '@threadcart/contracts';
import type { Db } from '../../../../db/database.ts';
import type { CommentRecord, PostRecord } from '../../../../corpus/records.ts';
import { countMatches, estimateMatches, searchCorpus } from '../corpus-search.service.ts';
import { findIndexLookups } from '../../../../corpus/filters/index-lookups.ts';
import { prepareFilter, type RecordType } from '../../../../corpus/filters/prepare.ts';
import { isStatementCancelled } from '../../../../db/filter-sql/statement-deadline.ts';
import { findStorageExtent } from '../../../../db/repositories/corpus/search/corpus-search.repository.ts';
import type { Estimate } from '../estimate.ts';

/** What a dry run needs from the corpus: the query without its title and format. */
export interface PreviewQuery {
  readonly filters: FilterTree;
  readonly searchType: SearchType;
  readonly resultCount: number;
  /** exclude_purchased: leave out what this buyer received (docs/decisions/029) */
  readonly excludeBuyerId?: number;
  /** the builder's histogram and top lists, in the same budget (dry-run-search.ts) */
  readonly aggregations?: AggregationsRequest;
}

/** The corpus side of a dry run; the balance and the credits are added where the user is known. */
export interface PreviewSearchResult {
  /** exact, or the estimate's point value */
  readonly matches: number;
  /** the exact count stopped at PREVIEW_MATCH_CAP */
  readonly isCapped: boolean;
  readonly isEstimate: boolean;
  readonly low: number;
  readonly high: number;
  /** matches known for sure (the exact count, or what was counted before the budget ran out) */
  readonly counted: number;
  readonly sample: (({ type: 'post' } & PostRecord) | ({ type: 'comment' } & CommentRecord))[];
  /** present when the query asked for them */
  readonly aggregations?: Aggregations;
}

export const PREVIEW_SAMPLE_SIZE = 5;
/**
 * When the dry run's phases end, as shares of the budget: the sample, the exact count, the estimate. A query with
 * an index lookup (a keyword, a regex literal of 3+ characters) answers sooner, within INDEXED_SHARES (100, 150 and
 * 210 ms of the default 1 s budget): past that its count is large, and an estimate says as much. They are shares
 * too, so a larger budget (the functional tests' 10 s, which must get exact answers on a loaded machine) widens them.
 */
const PHASES = { sample: 0.4, count: 0.65, estimate: 0.8 } as const;
const INDEXED_SHARES = { sample: 0.1, count: 0.15, estimate: 0.21 } as const;
/**
 * Below this many records (of the types asked for) the count gets the estimate's time too, and an estimate runs
 * only when it did not finish: a small corpus is counted exactly whenever the budget allows (decision 035).
 */
export const EXACT_COUNT_RECORDS = 1_000_000;

/**
 * A share of the budget past which nothing of a dry run runs: the estimate's first batch stops checking rows, and on
 * PostgreSQL the thread cancels whatever statement is running (dry-run-thread.ts). Its phases end at 0.8.
 */
export const CUTOFF_SHARE = 0.9;

/** A phase whose statement the dry run's cutoff cancelled (decision 035) answers as one that ran out of time. */
async function unlessCancelled<T>(phase: Promise<T>, fallback: T): Promise<T> {
  try {
    return await phase;
  } catch (error) {
    if (isStatementCancelled(error)) return fallback;
    throw error;
  }
}

const typesOf = (query: PreviewQuery): RecordType[] =>
  query.searchType === 'both' ? ['posts', 'comments'] : [query.searchType];

/**
 * A dry run within a time budget: the first matches in result order (the sample), then the count, exact when it
 * finishes in time, otherwise an estimate from a random sample with its 95 % range, bounded below by what was
 * counted. Every statement it runs reads a bounded number of rows, so it stops near its deadline by itself.
 */
export async function runPreviewSearch(
  db: Db,
  query: PreviewQuery,
  options: { budgetMs: number; signal?: AbortSignal; startedAt?: number },
): Promise<PreviewSearchResult> {
  const start = options.startedAt ?? Date.now();
  const { budgetMs, signal } = options;
  const hasLookup = (['posts', 'comments'] as const).some(
    (type) => findIndexLookups(prepareFilter(query.filters, type)).length > 0,
  );
  // The records stored of the types asked for (catalog reads): the cap of any range, and whether the corpus is small.
  let stored = 0;
  for (const type of typesOf(query)) {
    const extent = await findStorageExtent(db, type);
    stored += Math.round(extent.units * extent.rowsPerUnit);
  }
  const isSmall = stored < EXACT_COUNT_RECORDS;
  const until = (phase: keyof typeof PHASES) =>
    start +
    budgetMs *
      (isSmall && phase === 'count' ? PHASES.estimate : hasLookup ? INDEXED_SHARES[phase] : PHASES[phase]);
  const found = await unlessCancelled(
    searchCorpus(db, { ...query, resultCount: PREVIEW_SAMPLE_SIZE }, { deadline: until('sample'), signal }),
    { posts: [], comments: [], isComplete: false },
  );
  const sample = [
    ...found.posts.map((p) => ({ type: 'post' as const, ...p })),
    ...found.comments.map((c) => ({ type: 'comment' as const, ...c })),
  ].slice(0, PREVIEW_SAMPLE_SIZE);
  if (found.isComplete && sample.length < PREVIEW_SAMPLE_SIZE) {
    // A sample that comes back short has seen every match: that is the exact count.
    const n = sample.length;
    return { matches: n, isCapped: false, isEstimate: false, low: n, high: n, counted: n, sample };
  }
  const counted = await unlessCancelled(
    countMatches(db, query, PREVIEW_MATCH_CAP, { deadline: until('count'), signal }),
    { count: 0, isCapped: false, isComplete: false },
  );
  const seen = Math.max(counted.count, sample.length);
  if (counted.isComplete && !counted.isCapped)
    return {
      matches: seen,
      isCapped: false,
      isEstimate: false,
      low: seen,
      high: seen,
      counted: seen,
      sample,
    };
  // A small corpus's count had the estimate's time: a sample drawn now would only widen what the count says.
  const estimate: Estimate = await unlessCancelled(
    estimateMatches(db, query, {
      signal,
      deadline: isSmall ? Math.min(until('estimate'), Date.now()) : until('estimate'),
      cutoff: start + budgetMs * CUTOFF_SHARE,
    }),
    { value: 0, low: 0, high: stored },
  );
  // What was counted for sure bounds the range below; no estimate says more records than are stored.
  const low = Math.min(Math.max(estimate.low, seen), Math.max(stored, seen));
  const high = Math.max(Math.min(estimate.high, Math.max(stored, seen)), low);
  // A sample that saw no match does not show that there is none: its point is then the range's centre (for 0 of n,
  // Wilson's centre is half its upper bound), and an estimate never answers 0 unless its whole range is 0.
  const point = Math.min(Math.max(estimate.value, low), high);
  return {
    matches: point > 0 ? point : Math.ceil((low + high) / 2),
    isCapped: counted.isCapped,
    isEstimate: true,
    low,
    high,
    counted: seen,
    sample,
  };
}
