import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiKeyListResponseSchema, type ApiKey } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** The caller's live keys: name, prefix, created and last used (never the key itself). */
export async function listApiKeys(): Promise<ApiKey[]> {
  const response = await apiClient.get(ACCOUNT_PATHS.apiKeys);
  return ApiKeyListResponseSchema.parse(response.data).keys;
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNT_KEYS.apiKeys, queryFn: listApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
