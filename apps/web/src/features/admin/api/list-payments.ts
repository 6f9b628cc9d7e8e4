import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPaymentsPageSchema, type AdminPaymentsPage } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE, ADMIN_PATHS } from './query-keys.ts';

/** Every payment with PayPal's ids and its state, filtered by status, a page at a time. */
export async function listPayments(status: string, page: number): Promise<AdminPaymentsPage> {
  const response = await apiClient.get(ADMIN_PATHS.payments, {
    params: { ...(status ? { status } : {}), page, page_size: ADMIN_PAGE_SIZE },
  });
  return AdminPaymentsPageSchema.parse(response.data);
}

export function usePayments(status: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: ADMIN_KEYS.payments(status, page),
      queryFn: () => listPayments(status, page),
      placeholderData: keepPreviousData,
    }),
  );
}
