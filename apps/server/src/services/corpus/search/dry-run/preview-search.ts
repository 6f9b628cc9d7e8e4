import { PREVIEW_MATCH_CAP, type FilterTree, type SearchType } from '@threadcart/contracts';
import type { Db } from '../../../../db/database.ts';
import type { CommentRecord, PostRecord } from '../../../../corpus/records.ts';
import { countMatches, estimateMatches, searchCorpus } from '../corpus-search.service.ts';
import { findIndexLookups } from '../../../../corpus/filters/index-lookups.ts';
import { prepareFilter } from '../../../../corpus/filters/prepare.ts';

/** What a dry run needs from the corpus: the query without its title and format. */
export interface PreviewQuery {
  readonly filters: FilterTree;
  readonly searchType: SearchType;
  readonly resultCount: number;
  /** exclude_purchased: leave out what this buyer received (docs/decisions/029) */
  readonly excludeBuyerId?: number;
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
  const until = (phase: keyof typeof PHASES) =>
    start + budgetMs * (hasLookup ? INDEXED_SHARES[phase] : PHASES[phase]);
  const found = await searchCorpus(
    db,
    { ...query, resultCount: PREVIEW_SAMPLE_SIZE },
    { deadline: until('sample'), signal },
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
  const counted = await countMatches(db, query, PREVIEW_MATCH_CAP, { deadline: until('count'), signal });
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
  const estimate = await estimateMatches(db, query, { signal, deadline: until('estimate') });
  const low = Math.max(estimate.low, seen);
  return {
    matches: Math.max(estimate.value, low),
    isCapped: counted.isCapped,
    isEstimate: true,
    low,
    high: Math.max(estimate.high, low),
    counted: seen,
    sample,
  };
}
