import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedApiKeySchema, type ApiKeyScope, type CreatedApiKey } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** Creates a named key with its scopes; the answer is the only time the whole key is seen. */
export async function createApiKey(input: { name: string; scopes: ApiKeyScope[] }): Promise<CreatedApiKey> {
  const response = await apiClient.post(ACCOUNT_PATHS.apiKeys, input);
  return CreatedApiKeySchema.parse(response.data);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.apiKeys }),
  });
}
