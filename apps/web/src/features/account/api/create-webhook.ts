import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CreatedWebhookEndpointSchema,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointRequest,
} from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** Adds an endpoint; the answer is the only time its signing secret is seen. */
export async function createWebhook(body: CreateWebhookEndpointRequest): Promise<CreatedWebhookEndpoint> {
  const response = await apiClient.post(ACCOUNT_PATHS.webhooks, body);
  return CreatedWebhookEndpointSchema.parse(response.data);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.webhooks }),
  });
}
