import { useMutation } from '@tanstack/react-query';
import { CheckoutResponseSchema } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { MissingApprovalUrlError } from './purchase-errors.ts';
import { PRICING_PATHS } from './query-keys.ts';

// Only the approval address is needed; the order id is kept when the server gives one.
const BuyAnswerSchema = CheckoutResponseSchema.pick({ approval_url: true, order_id: true }).partial();

/** Creates a PayPal order for a package and returns where to approve it. */
export async function buyCreditPackage(
  packageId: number,
): Promise<{ approvalUrl: string; orderId?: string }> {
  const response = await apiClient.post(PRICING_PATHS.buyPackage, { package_id: packageId });
  const parsed = BuyAnswerSchema.safeParse(response.data);
  const approvalUrl = parsed.success ? parsed.data.approval_url : undefined;
  if (!approvalUrl) throw new MissingApprovalUrlError();
  return { approvalUrl, orderId: parsed.success ? parsed.data.order_id : undefined };
}

export function useBuyCreditPackage() {
  return useMutation({ mutationFn: buyCreditPackage });
}
