import { useMutation } from '@tanstack/react-query';
import { CaptureResponseSchema, type CaptureResponse } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { primeCsrf } from './prime-csrf.ts';
import { PAYMENT_PATHS } from './query-keys.ts';

/** Captures the approved PayPal order `token`; resolves with the HTTP status and the parsed body. */
export async function capturePayment(
  orderId: string,
): Promise<{ status: number; body: CaptureResponse | null }> {
  await primeCsrf();
  const response = await apiClient.post(PAYMENT_PATHS.capture, { order_id: orderId });
  const parsed = CaptureResponseSchema.safeParse(response.data);
  return { status: response.status, body: parsed.success ? parsed.data : null };
}

export function useCapturePayment() {
  return useMutation({ mutationFn: capturePayment });
}
