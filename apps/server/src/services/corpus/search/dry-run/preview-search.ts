import {
  PREVIEW_MATCH_CAP,
  type Aggregations,
  type AggregationsRequest,
  type FilterTree,
  type SearchType,
} from '@threadcart/contracts';
import type { Db } from '../../../../db/database.ts';
import type { CommentRecord, PostRecord } from '../../../../corpus/records.ts';
import {
  countMatchesByType,
  estimateMatches,
  searchCorpus,
  type TypeCount,
} from '../corpus-search.service.ts';
import { findIndexLookups } from '../../../../corpus/filters/index-lookups.ts';
import { findCountingIndex } from '../../../../corpus/filters/counting-index.ts';
import { admitsRemoved, prepareFilter, type RecordType } from '../../../../corpus/filters/prepare.ts';
import { isStatementCancelled } from '../../../../db/filter-sql/statement-deadline.ts';
import { findStorageExtent } from '../../../../db/repositories/corpus/search/corpus-search.repository.ts';
import type { Estimate } from '../estimate.ts';
import { exactPart, withEstimate, type PreviewTypePart } from './type-parts.ts';

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
  /** each type's side (absent when the sample saw every match, or the count stopped at the cap) */
  readonly byType?: readonly PreviewTypePart[];
  readonly sample: (({ type: 'post' } & PostRecord) | ({ type: 'comment' } & CommentRecord))[];
  /** present when the query asked for them */
  readonly aggregations?: Aggregations;
}

export type { PreviewTypePart } from './type-parts.ts';

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
  // A count an index can make alone (names, dates, numbers: decision 046) gets the count's whole share: exact
  // within the budget is what it is for, and no word or literal makes it a search users expect at once.
  const population = admitsRemoved(query.filters) ? 'all' : 'live';
  const isIndexCounted = typesOf(query).every((type) =>
    findCountingIndex(prepareFilter(query.filters, type), type, population),
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
      (isSmall && phase === 'count'
        ? PHASES.estimate
        : hasLookup && !(isIndexCounted && phase !== 'sample')
          ? INDEXED_SHARES[phase]
          : PHASES[phase]);
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
  const types = typesOf(query);
  const counted = await unlessCancelled(
    countMatchesByType(db, query, PREVIEW_MATCH_CAP, { deadline: until('count'), signal }),
    { types: [] as TypeCount[], isCapped: false },
  );
  const countedTotal = counted.types.reduce((sum, part) => sum + part.count, 0);
  const seen = Math.max(Math.min(countedTotal, PREVIEW_MATCH_CAP), sample.length);
  // Past the cap the type counted last stopped at it: only the types before it are exact.
  const exact = counted.types.filter(
    (part, i) => part.isComplete && !(counted.isCapped && i === counted.types.length - 1),
  );
  if (!counted.isCapped && exact.length === types.length)
    return {
      matches: seen,
      isCapped: false,
      isEstimate: false,
      low: seen,
      high: seen,
      counted: seen,
      ...(countedTotal === seen ? { byType: exact.map((part) => exactPart(part.type, part.count)) } : {}),
      sample,
    };
  // The types counted exactly keep their count; only the others are estimated (decision 046).
  const estimated = types.filter((type) => !exact.some((part) => part.type === type));
  const estimate = await unlessCancelled(
    estimateMatches(
      db,
      { ...query, searchType: estimated.length === 1 ? estimated[0]! : 'both' },
      {
        signal,
        deadline: isSmall ? Math.min(until('estimate'), Date.now()) : until('estimate'),
        cutoff: start + budgetMs * CUTOFF_SHARE,
      },
    ),
    { value: 0, low: 0, high: stored, byType: new Map<RecordType, Estimate>() },
  );
  return {
    ...withEstimate({ types, counted: counted.types, exact, estimate, seen, stored }),
    isCapped: counted.isCapped,
    isEstimate: true,
    counted: seen,
    sample,
  };
}
