import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { primeCsrf } from './prime-csrf.ts';
import { PAYMENT_PATHS } from './query-keys.ts';

/** Cancels the unpaid PayPal order `token`; resolves with the HTTP status. */
export async function cancelPayment(orderId: string): Promise<number> {
  await primeCsrf();
  const response = await apiClient.post(PAYMENT_PATHS.cancel, { order_id: orderId });
  return response.status;
}

export function useCancelPayment() {
  return useMutation({ mutationFn: cancelPayment });
}
