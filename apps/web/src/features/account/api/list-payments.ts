import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentListResponseSchema, type AccountPayment } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** Every payment of the caller, newest first. */
export async function listPayments(): Promise<AccountPayment[]> {
  const response = await apiClient.get(ACCOUNT_PATHS.payments);
  return PaymentListResponseSchema.parse(response.data).payments;
}

export function usePayments() {
  return useQuery(queryOptions({ queryKey: ACCOUNT_KEYS.payments, queryFn: listPayments }));
}
