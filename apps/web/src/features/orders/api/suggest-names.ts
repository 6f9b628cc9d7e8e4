import { SuggestResponseSchema, type SuggestField, type SuggestResponse } from '@threadcart/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { ORDERS_KEYS, ORDERS_PATHS } from './query-keys.ts';

/** How long typing must rest before the corpus is asked for names. */
export const SUGGEST_DEBOUNCE_MS = 200;

/** Up to 20 names from the corpus starting with `q`, the most records first. */
export async function suggestNames(
  field: SuggestField,
  q: string,
  signal?: AbortSignal,
): Promise<SuggestResponse['suggestions']> {
  const response = await apiClient.get(ORDERS_PATHS.suggest, { params: { field, q }, signal });
  return SuggestResponseSchema.parse(response.data).suggestions;
}

/**
 * The suggestions query: react-query hands the fetch an AbortSignal and aborts it when its key is superseded
 * (the observer moves to the next prefix) or the editor unmounts.
 */
export const nameSuggestionsQueryOptions = (field: SuggestField, q: string) =>
  queryOptions({
    queryKey: ORDERS_KEYS.suggest(field, q),
    queryFn: ({ signal }) => suggestNames(field, q, signal),
    staleTime: 60_000,
    retry: false,
  });

/** Suggestions for what is typed, asked 200 ms after typing rests; nothing while `isEnabled` is false. */
export function useNameSuggestions(field: SuggestField, q: string, isEnabled: boolean) {
  const debounced = useDebouncedValue(q, SUGGEST_DEBOUNCE_MS);
  const query = useQuery({
    ...nameSuggestionsQueryOptions(field, debounced),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
  return { suggestions: isEnabled ? (query.data ?? []) : [], isLoading: isEnabled && query.isFetching };
}
