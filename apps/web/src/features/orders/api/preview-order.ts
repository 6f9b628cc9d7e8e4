import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { previewOrder, type PreviewPayload } from '../api/orders-api.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** How long the query must rest before the dry run asks the server. */
export const PREVIEW_DEBOUNCE_MS = 400;
/** How often a dry run is asked again while the server says the sample corpus is still loading. */
export const CORPUS_LOADING_REFETCH_MS = 5_000;

/** The live dry run: re-asked 400 ms after the query last changed; `null` (an unfinished query) asks nothing. */
export function useOrderPreview(payload: PreviewPayload | null) {
  const key = payload ? JSON.stringify(payload) : null;
  const debouncedKey = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const debounced = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as PreviewPayload) : null),
    [debouncedKey],
  );
  const query = useQuery({
    queryKey: ['orders', 'preview', debouncedKey],
    queryFn: ({ signal }) => previewOrder(debounced!, signal),
    enabled: debounced !== null && key !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    // While the sample corpus loads the same query is asked again, so the count appears once it is there.
    refetchInterval: (current) => (current.state.data?.corpus_loading ? CORPUS_LOADING_REFETCH_MS : false),
  });
  return { ...query, isWaiting: key !== null && (key !== debouncedKey || query.isFetching) };
}
