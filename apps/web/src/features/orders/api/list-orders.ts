import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardOrderListResponseSchema, type DashboardOrder } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { isActiveStatus } from '../order-rules.ts';
import { ORDERS_KEYS, ORDERS_PATHS, ORDERS_POLL_INTERVAL_MS } from './query-keys.ts';

const hasActiveOrder = (orders: DashboardOrder[] | undefined) =>
  Boolean(orders?.some((order) => isActiveStatus(order.status)));

/** The caller's orders, newest first. */
export async function listOrders(): Promise<DashboardOrder[]> {
  const response = await apiClient.get(ORDERS_PATHS.list);
  return DashboardOrderListResponseSchema.parse(response.data);
}

/** The order list, polled every 2 s while any order may still change and not at all otherwise. */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ORDERS_KEYS.list,
    queryFn: listOrders,
    refetchInterval: (query) => (hasActiveOrder(query.state.data) ? ORDERS_POLL_INTERVAL_MS : false),
  });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
