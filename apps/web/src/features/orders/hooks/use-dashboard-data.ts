import { useQueryClient } from '@tanstack/react-query';
import type { DashboardOrder } from '@threadcart/contracts';
import { useEffect, useRef } from 'react';
import { useInvalidateMe } from '../../../lib/session.tsx';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';
import { useOrders } from '../api/list-orders.ts';
import { ORDERS_KEYS } from '../api/query-keys.ts';
import { isActiveStatus } from '../order-rules.ts';

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
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEYS.stats });
    }
  }, [orders, invalidateMe, queryClient]);
}

/** The dashboard's data: orders and counters, live while anything is in progress. */
export function useDashboardData() {
  const orders = useOrders();
  const stats = useDashboardStats();
  useOrderCompletionWatch(orders.data);
  return { orders, stats };
}
