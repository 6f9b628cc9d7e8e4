import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOrdersPageSchema, type AdminOrdersPage } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE, ADMIN_PATHS } from './query-keys.ts';

/** Every user's orders, filtered by status and user, a page at a time. */
export async function listOrders(status: string, userId: string, page: number): Promise<AdminOrdersPage> {
  const response = await apiClient.get(ADMIN_PATHS.orders, {
    params: {
      ...(status ? { status } : {}),
      ...(userId ? { user_id: userId } : {}),
      page,
      page_size: ADMIN_PAGE_SIZE,
    },
  });
  return AdminOrdersPageSchema.parse(response.data);
}

export function useOrders(status: string, userId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: ADMIN_KEYS.orders(status, userId, page),
      queryFn: () => listOrders(status, userId, page),
      placeholderData: keepPreviousData,
    }),
  );
}
