import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedApiKeySchema, type CreatedApiKey } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** Creates a named key; the answer is the only time the whole key is seen. */
export async function createApiKey(name: string): Promise<CreatedApiKey> {
  const response = await apiClient.post(ACCOUNT_PATHS.apiKeys, { name });
  return CreatedApiKeySchema.parse(response.data);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.apiKeys }),
  });
}
