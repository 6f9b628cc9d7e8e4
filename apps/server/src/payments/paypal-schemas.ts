import { z } from 'zod';
import { valueToCents, type CaptureView, type OrderView } from './provider.ts';

// The subset of PayPal's wire format (snake_case) this adapter reads; everything else passes unread.

const LinkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

const MoneySchema = z.object({ currency_code: z.string(), value: z.string() });

const CaptureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: MoneySchema.optional(),
  custom_id: z.string().optional(),
});

export const OrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(LinkSchema).optional(),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: MoneySchema.optional(),
        payments: z.object({ captures: z.array(CaptureSchema).optional() }).optional(),
      }),
    )
    .optional(),
  payment_source: z.object({ paypal: z.object({ account_id: z.string().optional() }).optional() }).optional(),
  payer: z.object({ payer_id: z.string().optional() }).optional(),
});
export type PayPalOrder = z.infer<typeof OrderSchema>;

export const ErrorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
});

/** A refund of a capture (POST /v2/payments/captures/{id}/refund). */
export const RefundSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: MoneySchema.optional(),
});

export const WebhookVerificationSchema = z.object({ verification_status: z.string() });

/** PayPal's actionable error code (`details[0].issue`) and its description, or the error name. */
export function errorIssue(body: unknown): { issue: string; description: string } {
  const parsed = ErrorSchema.safeParse(body);
  if (!parsed.success) return { issue: 'UNKNOWN_ERROR', description: '' };
  const detail = parsed.data.details?.[0];
  return {
    issue: detail?.issue ?? parsed.data.name ?? 'UNKNOWN_ERROR',
    description: detail?.description ?? parsed.data.message ?? '',
  };
}

/** The payer's approval link: `payer-action` (experience_context) or `approve` (legacy application_context). */
export function approvalLink(order: PayPalOrder): string | null {
  return order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;
}

/** The order as the services see it. */
export function toOrderView(order: PayPalOrder): OrderView {
  const captures: CaptureView[] = [];
  for (const unit of order.purchase_units ?? []) {
    for (const capture of unit.payments?.captures ?? []) {
      const cents = capture.amount ? valueToCents(capture.amount.value) : null;
      captures.push({
        id: capture.id,
        status: capture.status,
        amount: capture.amount && cents !== null ? { currency: capture.amount.currency_code, cents } : null,
        customId: capture.custom_id ?? unit.custom_id ?? null,
      });
    }
  }
  return {
    id: order.id,
    status: order.status,
    captures,
    payerId: order.payment_source?.paypal?.account_id ?? order.payer?.payer_id ?? null,
    approvalUrl: approvalLink(order),
  };
}
