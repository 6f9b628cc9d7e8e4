import { PAYMENT_MESSAGES } from '@threadcart/contracts';
import { z } from 'zod';
import {
  findPaymentByCaptureId,
  findPaymentById,
  findPaymentByOrderId,
  insertWebhookEvent,
  isWebhookEventProcessed,
  markWebhookEventProcessed,
  setUncreditedPaymentStatus,
  type Payment,
} from '../../db/repositories/payments/payments.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { ProviderUnavailableError, valueToCents } from '../../payments/provider.ts';
import { paymentProviderFor } from '../../payments/provider-registry.ts';
import { takeBackPurchase } from './payment-refunds.service.ts';
import { settlePayment, type SettleMode } from './settle-payment.service.ts';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

const EventSchema = z.object({
  id: z.string().min(1).max(128),
  event_type: z.string().max(128),
  resource: z.record(z.string(), z.unknown()).default({}),
});
type WebhookEvent = z.infer<typeof EventSchema>;

const CAPTURE_EVENTS = new Set([
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
]);

const unavailable = () =>
  new AppError(503, PAYMENT_MESSAGES.providerUnavailable, 'payment_provider_unavailable', {
    'retry-after': '60',
  });

/**
 * Handles one PayPal webhook delivery: the signature is checked with PayPal's verify-webhook-signature call, a
 * repeated event id is ignored, capture events settle through settlePayment (which reads the order from PayPal,
 * never trusting the event's amounts), refunds and reversals take unspent credits back. Throws a 400 for a bad
 * signature and a 503 (PayPal retries) when PayPal cannot be reached.
 */
export async function handlePaypalWebhook(
  deps: Deps,
  rawBody: unknown,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookOutcome> {
  const parsed = EventSchema.safeParse(parseJson(rawBody));
  if (!parsed.success) throw new AppError(400, PAYMENT_MESSAGES.invalidWebhook, 'invalid_webhook');
  const event = parsed.data;
  let isVerified: boolean;
  try {
    isVerified = await paymentProviderFor(deps.config).verifyWebhook(rawBody as string, headers);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
  if (!isVerified) {
    deps.logger.warn({ eventId: event.id, eventType: event.event_type }, 'webhook signature rejected');
    throw new AppError(400, PAYMENT_MESSAGES.invalidWebhook, 'invalid_signature');
  }
  const nowIso = deps.clock.now().toISOString();
  const resourceId = typeof event.resource.id === 'string' ? event.resource.id : null;
  const isNew = await insertWebhookEvent(deps.db, {
    eventId: event.id,
    eventType: event.event_type,
    resourceId,
    nowIso,
  });
  // An event recorded but never finished (a crash, a 503) is processed again: every handler is idempotent.
  if (!isNew && (await isWebhookEventProcessed(deps.db, event.id))) return 'duplicate';
  const outcome = await dispatch(deps, event);
  await markWebhookEventProcessed(deps.db, event.id, deps.clock.now().toISOString());
  deps.logger.info(
    { eventId: event.id, eventType: event.event_type, resourceId, outcome },
    'webhook handled',
  );
  return outcome;
}

async function dispatch(deps: Deps, event: WebhookEvent): Promise<WebhookOutcome> {
  const resource = event.resource;
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED') {
    const payment = await paymentOf(deps, { orderId: text(resource.id) });
    // The payer approved but may never come back: capture now (a concurrent return-page capture makes this busy).
    return payment ? settle(deps, payment, payment.status === 'created' ? 'capture' : 'check') : 'ignored';
  }
  if (CAPTURE_EVENTS.has(event.event_type)) {
    const payment = await paymentOf(deps, {
      orderId: text(pick(resource, 'supplementary_data', 'related_ids', 'order_id')),
      paymentId: text(resource.custom_id),
      captureId: text(resource.id),
    });
    return payment ? settle(deps, payment, 'check') : 'ignored';
  }
  if (event.event_type === 'CHECKOUT.PAYMENT-APPROVAL.REVERSED') {
    const payment = await paymentOf(deps, { orderId: text(resource.order_id) });
    if (!payment) return 'ignored';
    await setUncreditedPaymentStatus(deps.db, payment.id, {
      status: 'cancelled',
      nowIso: deps.clock.now().toISOString(),
      lastIssue: 'APPROVAL_REVERSED',
      from: ['created', 'declined'],
    });
    return 'processed';
  }
  if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED' || event.event_type === 'PAYMENT.CAPTURE.REVERSED') {
    return refund(deps, event);
  }
  return 'ignored';
}

async function settle(deps: Deps, payment: Payment, mode: SettleMode): Promise<WebhookOutcome> {
  const result = await settlePayment(deps, payment.id, mode);
  if (result.kind === 'unavailable') throw unavailable();
  return 'processed';
}

async function refund(deps: Deps, event: WebhookEvent): Promise<WebhookOutcome> {
  const resource = event.resource;
  // A refund's `up` link names its capture; a reversal may carry the capture itself.
  const links = Array.isArray(resource.links) ? (resource.links as unknown[]) : [];
  const up = links
    .map((l) => text(pick(l, 'href')))
    .find((href) => href && /\/v2\/payments\/captures\/[^/]+$/.test(href));
  const captureId = up ? up.split('/').pop()! : text(resource.id);
  const payment = captureId ? await findPaymentByCaptureId(deps.db, captureId) : undefined;
  if (!payment?.creditedAt) return 'ignored';
  const cents = valueToCents(pick(resource, 'amount', 'value'));
  const isReadable =
    cents !== null && cents > 0 && pick(resource, 'amount', 'currency_code') === payment.currency;
  const kind = event.event_type === 'PAYMENT.CAPTURE.REVERSED' ? 'reversal' : 'refund';
  return takeBackPurchase(deps, payment, {
    kind,
    externalRef: `${kind}:${text(resource.id) ?? event.id}`,
    // An amount that cannot be read in the payment's currency counts as a full refund.
    refundCents: isReadable ? cents : payment.amountCents,
  });
}

async function paymentOf(
  deps: Deps,
  ref: { orderId?: string | null; paymentId?: string | null; captureId?: string | null },
): Promise<Payment | undefined> {
  if (ref.orderId) {
    const byOrder = await findPaymentByOrderId(deps.db, ref.orderId);
    if (byOrder) return byOrder;
  }
  if (ref.paymentId) {
    const byId = await findPaymentById(deps.db, ref.paymentId);
    if (byId) return byId;
  }
  return ref.captureId ? findPaymentByCaptureId(deps.db, ref.captureId) : undefined;
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= 128 ? value : null);

function pick(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
