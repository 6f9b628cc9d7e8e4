import { CaptureResponseSchema, type CaptureResponse } from '@threadcart/contracts';
import { apiClient, CSRF_PATH } from '../../../lib/api-client.ts';

/**
 * Asks for the CSRF cookie first, as the return pages do (docs/product.md §2.12), so the POST that follows carries
 * it.
 */
async function primeCsrf(): Promise<void> {
  await apiClient.get(CSRF_PATH, { skipAuthRefresh: true });
}

/** Captures the approved PayPal order `token`; resolves with the HTTP status and the parsed body. */
export async function capturePayment(
  orderId: string,
): Promise<{ status: number; body: CaptureResponse | null }> {
  await primeCsrf();
  const response = await apiClient.post('/api/paypal/capture-order/', { order_id: orderId });
  const parsed = CaptureResponseSchema.safeParse(response.data);
  return { status: response.status, body: parsed.success ? parsed.data : null };
}

/** Cancels the unpaid PayPal order `token`; resolves with the HTTP status. */
export async function cancelPayment(orderId: string): Promise<number> {
  await primeCsrf();
  const response = await apiClient.post('/api/paypal/cancel-order/', { order_id: orderId });
  return response.status;
}
