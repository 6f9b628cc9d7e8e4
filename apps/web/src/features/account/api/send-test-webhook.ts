import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WebhookTestResponseSchema, type WebhookTestResponse } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** Queues a test event to one endpoint; the worker sends it within seconds. */
export async function sendTestWebhook(id: string): Promise<WebhookTestResponse> {
  const response = await apiClient.post(ACCOUNT_PATHS.webhookTest(id));
  return WebhookTestResponseSchema.parse(response.data);
}

/** Re-reads the list at once, which shows the queued delivery and starts the list's polling. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.webhooks }),
  });
}
