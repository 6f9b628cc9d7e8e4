import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardStatsSchema, type DashboardStats } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ORDERS_KEYS, ORDERS_PATHS, ORDERS_POLL_INTERVAL_MS } from './query-keys.ts';

/** The dashboard counters: orders by state and the balance. */
export async function getDashboardStats(): Promise<DashboardStats> {
  const response = await apiClient.get(ORDERS_PATHS.stats);
  return DashboardStatsSchema.parse(response.data);
}

/** The counters, polled while they count an order in progress. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ORDERS_KEYS.stats,
    queryFn: getDashboardStats,
    refetchInterval: (query) => ((query.state.data?.in_progress ?? 0) > 0 ? ORDERS_POLL_INTERVAL_MS : false),
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
