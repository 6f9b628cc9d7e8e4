import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { classifyError, getDetail } from '../../../lib/api-error.ts';
import { PRICING_MESSAGES } from '../messages.ts';

const BuyResponseSchema = z.object({ approval_url: z.string().nullish(), order_id: z.string().nullish() });

export class MissingApprovalUrlError extends Error {
  constructor() {
    super(PRICING_MESSAGES.noApprovalUrl);
  }
}

/** Creates a PayPal order for a package and returns where to approve it (docs/product.md §5.3). */
export async function buyCreditPackage(
  packageId: number,
): Promise<{ approvalUrl: string; orderId?: string }> {
  const response = await apiClient.post('/api/paypal/buy-credits-packages/', { package_id: packageId });
  const parsed = BuyResponseSchema.safeParse(response.data);
  const approvalUrl = parsed.success ? parsed.data.approval_url : undefined;
  if (!approvalUrl) throw new MissingApprovalUrlError();
  return { approvalUrl, orderId: parsed.success ? (parsed.data.order_id ?? undefined) : undefined };
}

export type PurchaseFailure = { kind: 'session-expired' } | { kind: 'message'; message: string };

/** Turns a purchase failure into the outcome of docs/product.md §10.11 (Pricing). */
export function describePurchaseError(error: unknown): PurchaseFailure {
  if (error instanceof MissingApprovalUrlError) return { kind: 'message', message: error.message };
  const failure = classifyError(error);
  if (failure.kind === 'response') {
    if (failure.status === 401) return { kind: 'session-expired' };
    return { kind: 'message', message: getDetail(failure.data) ?? PRICING_MESSAGES.paymentFailed };
  }
  if (failure.kind === 'no-response') return { kind: 'message', message: PRICING_MESSAGES.noConnection };
  return { kind: 'message', message: PRICING_MESSAGES.unexpected };
}
