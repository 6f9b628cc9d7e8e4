import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOverviewSchema, type AdminOverview } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PATHS } from './query-keys.ts';

/** Users, orders and revenue by period, orders by status, worker, corpus and 30 days of figures. */
export async function getOverview(): Promise<AdminOverview> {
  const response = await apiClient.get(ADMIN_PATHS.overview);
  return AdminOverviewSchema.parse(response.data);
}

export function useOverview() {
  return useQuery(queryOptions({ queryKey: ADMIN_KEYS.overview, queryFn: getOverview, retry: false }));
}
