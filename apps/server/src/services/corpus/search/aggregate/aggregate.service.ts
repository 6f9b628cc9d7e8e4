import {
  createAggregateRequestSchema,
  createPreviewRequestSchema,
  type AggregateRequest,
  type AggregateResponse,
} from '@threadcart/contracts';
import { WITH_RE2 } from '../../../../corpus/filters/parse-filter-tree.ts';
import type { Deps } from '../../../../deps.ts';
import { previewOrder } from '../../../orders/orders.service.ts';

/** The dry run's body with the builder's optional aggregations, every pattern checked by RE2 (as OrderRequestSchema). */
export const PreviewRequestSchema = createPreviewRequestSchema(WITH_RE2);
/** POST /api/corpus/aggregate/: the dry run's body plus interval, top and top_limit. */
export const AggregateRequestSchema = createAggregateRequestSchema(WITH_RE2);

/**
 * The histogram and top lists of a filter tree's matches, with the count they come with: a dry run that asks for
 * them (the same validation, thread pool, budget, cache and refusals as POST /api/search-queries/preview/).
 */
export async function aggregateCorpus(
  deps: Deps,
  userId: string,
  body: AggregateRequest,
  signal?: AbortSignal,
): Promise<AggregateResponse> {
  const { interval, top, top_limit, ...order } = body;
  const preview = await previewOrder(
    deps,
    userId,
    { ...order, aggregations: { interval, top, top_limit } },
    signal,
  );
  // The pool answers aggregations whenever the query asks for them (dry-run-search.ts).
  const aggregations = preview.aggregations!;
  return {
    matches: preview.matches,
    matches_is_estimate: preview.matches_is_estimate,
    matches_low: preview.matches_low,
    matches_high: preview.matches_high,
    ...aggregations,
  };
}
