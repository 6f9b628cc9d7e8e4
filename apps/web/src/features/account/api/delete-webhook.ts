import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** Deletes an endpoint; deliveries still waiting for it are dropped. */
export async function deleteWebhook(id: string): Promise<void> {
  await apiClient.delete(ACCOUNT_PATHS.webhook(id));
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.webhooks }),
  });
}
