import type { Db } from '../../../../db/database.ts';
import { aggregateMatches } from '../aggregate/aggregate-matches.ts';
import {
  CUTOFF_SHARE,
  runPreviewSearch,
  type PreviewQuery,
  type PreviewSearchResult,
} from './preview-search.ts';

/**
 * With aggregations the count's phases get this share of the budget (their own shares of it, preview-search.ts), and
 * the aggregations run from there until AGGREGATE_SHARE (its last statement and the ranges take the rest, up to
 * the cutoff): one request, one budget, the same cutoff.
 */
const COUNT_SHARE = 0.5;
const AGGREGATE_SHARE = 0.75;

/**
 * A dry run in its thread: the preview (sample and count), then, when the query asks for them, the histogram and
 * top lists of its matches, exact when the count is exact and small, else from a random sample (aggregate-matches.ts).
 */
export async function runDryRunSearch(
  db: Db,
  query: PreviewQuery,
  options: { budgetMs: number; startedAt: number },
): Promise<PreviewSearchResult> {
  if (!query.aggregations) return runPreviewSearch(db, query, options);
  const { budgetMs, startedAt } = options;
  const preview = await runPreviewSearch(db, query, { budgetMs: budgetMs * COUNT_SHARE, startedAt });
  const aggregations = await aggregateMatches(db, query, query.aggregations, preview, {
    deadline: startedAt + budgetMs * AGGREGATE_SHARE,
    cutoff: startedAt + budgetMs * CUTOFF_SHARE,
  });
  return { ...preview, aggregations };
}
