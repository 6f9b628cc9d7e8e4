import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentReceiptSchema, type PaymentReceipt } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** What one payment's receipt shows; another user's payment is a 404. */
export async function getPaymentReceipt(id: string): Promise<PaymentReceipt> {
  const response = await apiClient.get(ACCOUNT_PATHS.payment(id));
  return PaymentReceiptSchema.parse(response.data);
}

export function usePaymentReceipt(id: string) {
  return useQuery(queryOptions({ queryKey: ACCOUNT_KEYS.receipt(id), queryFn: () => getPaymentReceipt(id) }));
}
