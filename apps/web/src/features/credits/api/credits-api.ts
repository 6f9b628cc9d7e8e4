import { CreditsResponseSchema, type CreditsResponse } from '@threadcart/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { classifyError, getDetail } from '../../../lib/api-error.ts';
import { CREDITS_MESSAGES } from '../messages.ts';

export const CREDITS_QUERY_KEY = ['credits', 'summary'] as const;

/** The balance and its lots (GET /api/users/me/credits/); a failure is only logged (docs/product.md §10.12). */
export async function getCredits(): Promise<CreditsResponse> {
  try {
    const response = await apiClient.get('/api/users/me/credits/');
    return CreditsResponseSchema.parse(response.data);
  } catch (error) {
    console.error('Could not load credits', error);
    throw error;
  }
}

export const creditsQueryOptions = () => queryOptions({ queryKey: CREDITS_QUERY_KEY, queryFn: getCredits });

const CreateOrderResponseSchema = z.object({ approval_url: z.string().min(1) });

/** Creates a PayPal order for a custom amount and returns where the payer approves it. */
export async function createCreditOrder(credits: number): Promise<string> {
  const response = await apiClient.post('/api/paypal/create-order/', { credits_requested: credits });
  const parsed = CreateOrderResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new Error(CREDITS_MESSAGES.createFailed);
  return parsed.data.approval_url;
}

/** Captures the order PayPal returned with; resolves true when it is paid (200), false while PayPal is pending. */
export async function captureCreditOrder(orderId: string): Promise<boolean> {
  const response = await apiClient.post('/api/paypal/capture-order/', { orderID: orderId });
  return response.status === 200;
}

/** The server's detail for a failed call, else the screen's fallback text. */
export function failureMessage(error: unknown, fallback: string): string {
  const failure = classifyError(error);
  return (failure.kind === 'response' ? getDetail(failure.data) : undefined) ?? fallback;
}
