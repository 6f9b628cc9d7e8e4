import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { CREDITS_PATHS } from './query-keys.ts';

/** Captures the order PayPal returned with; resolves true when it is paid (200), false while PayPal is pending. */
export async function captureCreditOrder(orderId: string): Promise<boolean> {
  const response = await apiClient.post(CREDITS_PATHS.captureOrder, { orderID: orderId });
  return response.status === 200;
}

export function useCaptureCreditOrder() {
  return useMutation({ mutationFn: captureCreditOrder });
}
