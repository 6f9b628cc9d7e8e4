import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountDetailResponseSchema } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** Revokes a key at once; programs using it are refused from then on. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiClient.delete(ACCOUNT_PATHS.apiKey(id));
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.apiKeys }),
  });
}

/** Revokes every key of the account at once (offered after a password change); the server's sentence. */
export async function revokeAllApiKeys(): Promise<string> {
  const response = await apiClient.post(ACCOUNT_PATHS.revokeAllApiKeys);
  return AccountDetailResponseSchema.parse(response.data).detail;
}

export function useRevokeAllApiKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllApiKeys,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.apiKeys }),
  });
}
