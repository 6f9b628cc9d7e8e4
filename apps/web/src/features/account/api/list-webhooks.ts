import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  WebhookEndpointListResponseSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** How often the list is re-read while a delivery waits for its first try or is being tried. */
export const WEBHOOK_POLL_INTERVAL_MS = 2000;

// A retry may be an hour away: only a delivery about to be tried (never tried yet, or under way) is worth polling for.
const isAboutToRun = (delivery: WebhookDelivery) =>
  delivery.status === 'delivering' || (delivery.status === 'pending' && delivery.attempts === 0);

/** The caller's endpoints with their latest deliveries (never the secrets). */
export async function listWebhooks(): Promise<WebhookEndpoint[]> {
  const response = await apiClient.get(ACCOUNT_PATHS.webhooks);
  return WebhookEndpointListResponseSchema.parse(response.data).endpoints;
}

/** Polled every 2 s while a delivery is about to be tried (a test just sent), not at all otherwise. */
export function useWebhooks() {
  return useQuery(
    queryOptions({
      queryKey: ACCOUNT_KEYS.webhooks,
      queryFn: listWebhooks,
      refetchInterval: (query) =>
        query.state.data?.some((endpoint) => endpoint.recent_deliveries.some(isAboutToRun))
          ? WEBHOOK_POLL_INTERVAL_MS
          : false,
    }),
  );
}
