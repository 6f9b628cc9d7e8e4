import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useInvalidateMe } from '../../../lib/session.tsx';
import { getDashboardStats, listOrders, type DashboardOrder } from '../api/orders-api.ts';
import { isActiveStatus } from '../order-rules.ts';

export const ORDERS_QUERY_KEY = ['orders'] as const;
export const ORDERS_LIST_KEY = [...ORDERS_QUERY_KEY, 'list'] as const;
export const ORDERS_STATS_KEY = [...ORDERS_QUERY_KEY, 'stats'] as const;
/** How often the dashboard re-reads orders while one is pending or processing. */
export const ORDERS_POLL_INTERVAL_MS = 2000;

const hasActiveOrder = (orders: DashboardOrder[] | undefined) =>
  Boolean(orders?.some((order) => isActiveStatus(order.status)));

/** The order list, polled every 2 s while any order may still change and not at all otherwise. */
export function ordersQueryOptions() {
  return queryOptions({
    queryKey: ORDERS_LIST_KEY,
    queryFn: listOrders,
    refetchInterval: (query) => (hasActiveOrder(query.state.data) ? ORDERS_POLL_INTERVAL_MS : false),
  });
}

/** The counters, polled while they count an order in progress. */
export function statsQueryOptions() {
  return queryOptions({
    queryKey: ORDERS_STATS_KEY,
    queryFn: getDashboardStats,
    refetchInterval: (query) => ((query.state.data?.in_progress ?? 0) > 0 ? ORDERS_POLL_INTERVAL_MS : false),
  });
}

/**
 * When an order seen pending or processing has finished, re-read the user (the credits badge: the unused
 * reservation came back) and the counters.
 */
export function useOrderCompletionWatch(orders: DashboardOrder[] | undefined): void {
  const queryClient = useQueryClient();
  const invalidateMe = useInvalidateMe();
  const activeIds = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!orders) return;
    const nowActive = new Set(
      orders.filter((order) => isActiveStatus(order.status)).map((order) => order.id),
    );
    const before = activeIds.current;
    activeIds.current = nowActive;
    if (!before) return;
    const hasFinished = [...before].some((id) => !nowActive.has(id));
    if (hasFinished) {
      void invalidateMe();
      void queryClient.invalidateQueries({ queryKey: ORDERS_STATS_KEY });
    }
  }, [orders, invalidateMe, queryClient]);
}

/** The dashboard's data: orders and counters, live while anything is in progress. */
export function useDashboardData() {
  const orders = useQuery(ordersQueryOptions());
  const stats = useQuery(statsQueryOptions());
  useOrderCompletionWatch(orders.data);
  return { orders, stats };
}
