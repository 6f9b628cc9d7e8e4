import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PreviewWithAggregationsResponseSchema,
  type AggregationsRequest,
  type PreviewWithAggregationsResponse,
} from '@threadcart/contracts';
import { useMemo } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import type { OrderPayload } from './create-order.ts';
import { ORDERS_KEYS, ORDERS_PATHS } from './query-keys.ts';

/** How long the query must rest before the dry run asks the server. */
export const PREVIEW_DEBOUNCE_MS = 300;
/** How often a dry run is asked again while the server says the sample corpus is still loading. */
export const CORPUS_LOADING_REFETCH_MS = 5_000;

/** What the dry run needs: title and output format do not change it; sort and seed choose its sample records. */
export type PreviewPayload = Pick<
  OrderPayload,
  | 'search_type'
  | 'result_count'
  | 'filters'
  | 'sort'
  | 'sample_seed'
  | 'columns'
  | 'exclude_purchased'
  | 'include_context'
  | 'include_comments'
> & { aggregations?: AggregationsRequest };

/** The free dry run: matches, credits needed, balance, 5 sample records and the aggregations asked for. */
export async function previewOrder(
  payload: PreviewPayload,
  signal?: AbortSignal,
): Promise<PreviewWithAggregationsResponse> {
  const response = await apiClient.post(ORDERS_PATHS.preview, payload, { signal });
  return PreviewWithAggregationsResponseSchema.parse(response.data);
}

/**
 * The dry run of one payload (`key` is its JSON text): react-query aborts a superseded one through its signal, and
 * asks again while the sample corpus loads, so the count appears once it is there.
 */
export const orderPreviewQueryOptions = (key: string | null, payload: PreviewPayload | null) =>
  queryOptions({
    queryKey: ORDERS_KEYS.preview(key),
    queryFn: ({ signal }) => previewOrder(payload!, signal),
    enabled: payload !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    refetchInterval: (current) => (current.state.data?.corpus_loading ? CORPUS_LOADING_REFETCH_MS : false),
  });

/** The live dry run: re-asked 300 ms after the query last changed; `null` (an unfinished query) asks nothing. */
export function useOrderPreview(payload: PreviewPayload | null) {
  const key = payload ? JSON.stringify(payload) : null;
  const debouncedKey = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const debounced = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as PreviewPayload) : null),
    [debouncedKey],
  );
  const query = useQuery({
    ...orderPreviewQueryOptions(debouncedKey, debounced),
    enabled: debounced !== null && key !== null,
  });
  return { ...query, isWaiting: key !== null && (key !== debouncedKey || query.isFetching) };
}
