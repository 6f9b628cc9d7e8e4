import { useMutation } from '@tanstack/react-query';
import { CheckoutResponseSchema } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { CREDITS_MESSAGES } from '../messages.ts';
import { CREDITS_PATHS } from './query-keys.ts';

const ApprovalUrlSchema = CheckoutResponseSchema.pick({ approval_url: true });

/** Creates a PayPal order for a custom amount and returns where the payer approves it. */
export async function createCreditOrder(credits: number): Promise<string> {
  const response = await apiClient.post(CREDITS_PATHS.createOrder, { credits_requested: credits });
  const parsed = ApprovalUrlSchema.safeParse(response.data);
  if (!parsed.success || !parsed.data.approval_url) throw new Error(CREDITS_MESSAGES.createFailed);
  return parsed.data.approval_url;
}

export function useCreateCreditOrder() {
  return useMutation({ mutationFn: createCreditOrder });
}
