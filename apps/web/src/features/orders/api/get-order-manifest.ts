import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderManifestSchema, type OrderManifest } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ORDERS_KEYS, ORDERS_PATHS } from './query-keys.ts';

/** A completed order's manifest; another user's order is a 404, an unfinished one a 409. */
export async function getOrderManifest(id: string): Promise<OrderManifest> {
  const response = await apiClient.get(ORDERS_PATHS.manifest(id));
  return OrderManifestSchema.parse(response.data);
}

export function useOrderManifest(id: string) {
  return useQuery(
    queryOptions({ queryKey: ORDERS_KEYS.manifest(id), queryFn: () => getOrderManifest(id), retry: false }),
  );
}
