import { z } from 'zod';
import { CreditPackageSchema } from './credits.ts';

/** Bodies and answers of the /api/paypal/ routes (docs/product.md §5.3, §5.4; PayPal Orders v2: https://developer.paypal.com/docs/api/orders/v2/). */

export const BuyPackageRequestSchema = z.object({
  package_id: z.union([z.number(), z.string().max(20)]).optional(),
});
export type BuyPackageRequest = z.infer<typeof BuyPackageRequestSchema>;

/** `credits_requested` is checked by the service so every bad value gets the one message of docs/product.md §5.2. */
export const BuyCreditsRequestSchema = z.object({ credits_requested: z.unknown() });
export type BuyCreditsRequest = z.infer<typeof BuyCreditsRequestSchema>;

export const CheckoutResponseSchema = z.object({
  approval_url: z.string(),
  order_id: z.string(),
  credits: z.number().int(),
  /** What will be charged, "5.00". */
  amount: z.string(),
  currency: z.string(),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** The credits screen sends `{orderID}` and the success page `{order_id}`; both work (docs/product.md §5.3). */
export const CaptureOrderRequestSchema = z.object({
  order_id: z.string().max(64).optional(),
  orderID: z.string().max(64).optional(),
});
export type CaptureOrderRequest = z.infer<typeof CaptureOrderRequestSchema>;

export const CaptureResponseSchema = z.object({
  status: z.enum(['COMPLETED', 'PENDING']),
  credits_added: z.number().int(),
  /** The balance after the capture. */
  credits: z.number().int(),
  /** When the credits this capture added expire (ISO 8601); null when it added none (already processed, pending). */
  credits_expire_at: z.string().nullable().optional(),
});
export type CaptureResponse = z.infer<typeof CaptureResponseSchema>;

export const CancelOrderRequestSchema = z.object({ order_id: z.string().max(64).optional() });
export const CancelOrderResponseSchema = z.object({ status: z.literal('CANCELLED') });

export const CreditPackagesResponseSchema = z.object({ packages: z.array(CreditPackageSchema) });
