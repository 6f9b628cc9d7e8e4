import { purchaseExpiryDays } from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  claimPaymentForCapture,
  findPaymentById,
  lockPayment,
  markPaymentCredited,
  setUncreditedPaymentStatus,
  type Payment,
  type PaymentStatus,
} from '../../db/repositories/payments/payments.repository.ts';
import type { Deps } from '../../deps.ts';
import { addDays } from '../../lib/clock.ts';
import {
  ProviderError,
  ProviderUnavailableError,
  type CaptureView,
  type OrderView,
  type PaymentProvider,
} from '../../payments/provider.ts';
import { paymentProviderFor } from '../../payments/provider-registry.ts';
import { grantCredits } from './ledger.service.ts';

/** `capture` captures an approved order (return page, approval webhook); `check` reads the order first. */
export type SettleMode = 'capture' | 'check';

export type SettleResult =
  | { kind: 'completed'; creditsAdded: number; creditsExpireAt?: string }
  | { kind: 'pending' }
  | { kind: 'not_approved'; issue: string; description: string }
  | { kind: 'declined'; issue: string }
  | { kind: 'cancelled' | 'expired' | 'failed' }
  | { kind: 'busy' }
  | { kind: 'unavailable' }
  | { kind: 'error' };

/** A capture claim older than this is taken to be abandoned (its holder crashed mid-call). */
export const STALE_CLAIM_MS = 60_000;
/** PayPal gives the payer 3 hours to approve; a little slack before an unapproved order counts as expired. */
const APPROVAL_WINDOW_MS = (3 * 60 + 15) * 60_000;
const UNCREDITED_OPEN: PaymentStatus[] = ['created', 'capturing', 'pending', 'declined'];

/**
 * The one settlement path of the capture call, the webhooks and the reconciler. Credits are granted exactly once
 * per capture (ledger idempotent on the capture id, plus a conditional `credited_at` update under a row lock),
 * only for a COMPLETED capture whose amount and currency equal the stored ones. Only one caller at a time holds
 * the capture claim; the others get `busy`.
 */
export async function settlePayment(deps: Deps, paymentId: string, mode: SettleMode): Promise<SettleResult> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment) throw new Error(`unknown payment ${paymentId}`);
  if (payment.creditedAt) return { kind: 'completed', creditsAdded: 0 };
  if (!payment.orderId) {
    await setStatus(deps, payment, 'failed', 'NO_PROVIDER_ORDER', ['created']);
    return { kind: 'failed' };
  }
  const provider = paymentProviderFor(deps.config);
  try {
    if (mode === 'check' || payment.status === 'pending')
      return await checkAndSettle(deps, provider, payment);
    if (payment.status === 'cancelled' || payment.status === 'expired' || payment.status === 'failed') {
      return { kind: payment.status };
    }
    return await captureAndSettle(deps, provider, payment);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.logger.warn({ paymentId, orderId: payment.orderId, reason: error.message }, 'PayPal unavailable');
    return { kind: 'unavailable' };
  }
}

async function captureAndSettle(
  deps: Deps,
  provider: PaymentProvider,
  payment: Payment,
): Promise<SettleResult> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  if (!(await claimPaymentForCapture(deps.db, payment.id, now.toISOString(), staleBefore)))
    return { kind: 'busy' };
  const claimed = (await findPaymentById(deps.db, payment.id))!;
  const orderId = claimed.orderId!;
  const log = { paymentId: claimed.id, orderId };
  let outcome;
  try {
    outcome = await provider.captureOrder(orderId, {
      requestId: `capture-${claimed.id}-${claimed.captureAttempt}`,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.logger.error(
      { ...log, status: error.status, issue: error.issue, debugId: error.debugId },
      'capture refused',
    );
    await setStatus(deps, claimed, 'created', error.issue ?? 'CAPTURE_REFUSED', ['capturing']);
    return { kind: 'error' };
  }
  switch (outcome.kind) {
    case 'captured':
      return resolveOrder(deps, provider, claimed, outcome.order);
    case 'already_captured': {
      const order = await provider.getOrder(orderId);
      if (order) return resolveOrder(deps, provider, claimed, order);
      await setStatus(deps, claimed, 'expired', 'INVALID_RESOURCE_ID', ['capturing']);
      return { kind: 'expired' };
    }
    case 'not_approved':
      await setStatus(deps, claimed, 'created', outcome.issue, ['capturing']);
      return { kind: 'not_approved', issue: outcome.issue, description: outcome.description };
    case 'declined':
      deps.logger.info({ ...log, issue: outcome.issue }, 'capture declined');
      await setStatus(deps, claimed, 'declined', outcome.issue, ['capturing']);
      return { kind: 'declined', issue: outcome.issue };
    case 'not_found':
      await setStatus(deps, claimed, 'expired', 'INVALID_RESOURCE_ID', ['capturing']);
      return { kind: 'expired' };
    case 'transient':
      // The money may have moved: the row stays `capturing` and the reconciler reads the order later.
      deps.logger.warn({ ...log, reason: outcome.message }, 'capture outcome unknown');
      return { kind: 'unavailable' };
  }
}

async function checkAndSettle(
  deps: Deps,
  provider: PaymentProvider,
  payment: Payment,
): Promise<SettleResult> {
  const order = await provider.getOrder(payment.orderId!);
  if (!order) {
    await setStatus(deps, payment, 'expired', 'INVALID_RESOURCE_ID', UNCREDITED_OPEN);
    return { kind: 'expired' };
  }
  if (order.captures.length > 0) return resolveOrder(deps, provider, payment, order);
  if (order.status === 'APPROVED') {
    if (payment.status === 'cancelled' || payment.status === 'expired' || payment.status === 'failed') {
      return { kind: payment.status };
    }
    return captureAndSettle(deps, provider, payment);
  }
  const age = deps.clock.now().getTime() - Date.parse(payment.createdAt);
  if (age > APPROVAL_WINDOW_MS) {
    await setStatus(deps, payment, 'expired', 'ORDER_NOT_APPROVED', UNCREDITED_OPEN);
    return { kind: 'expired' };
  }
  // A stale capture claim on an order that was never approved goes back to waiting for the payer.
  await setStatus(deps, payment, 'created', 'ORDER_NOT_APPROVED', ['capturing']);
  return {
    kind: 'not_approved',
    issue: 'ORDER_NOT_APPROVED',
    description: 'The payer has not approved the order yet.',
  };
}

async function resolveOrder(
  deps: Deps,
  provider: PaymentProvider,
  payment: Payment,
  order: OrderView,
): Promise<SettleResult> {
  const capture = order.captures[0];
  if (!capture) return checkAndSettle(deps, provider, payment);
  const log = { paymentId: payment.id, orderId: payment.orderId, captureId: capture.id };
  switch (capture.status) {
    case 'COMPLETED':
      if (!isExpectedCapture(payment, capture)) {
        deps.logger.error(
          {
            ...log,
            expected: { cents: payment.amountCents, currency: payment.currency },
            got: capture.amount,
          },
          'ALERT: captured amount or currency differs from the payment; no credits granted',
        );
        await setStatus(deps, payment, 'failed', 'AMOUNT_MISMATCH', UNCREDITED_OPEN);
        return { kind: 'failed' };
      }
      return finalize(deps, payment, capture, order.payerId);
    case 'PENDING':
      await setStatus(deps, payment, 'pending', 'CAPTURE_PENDING', ['created', 'capturing', 'pending']);
      return { kind: 'pending' };
    case 'DECLINED':
    case 'FAILED':
      await setStatus(deps, payment, 'declined', `CAPTURE_${capture.status}`, UNCREDITED_OPEN);
      return { kind: 'declined', issue: `CAPTURE_${capture.status}` };
    default:
      // Refunded before it was ever credited: nothing to grant.
      deps.logger.warn({ ...log, status: capture.status }, 'capture in an unexpected state');
      await setStatus(deps, payment, 'failed', `CAPTURE_${capture.status}`, UNCREDITED_OPEN);
      return { kind: 'failed' };
  }
}

function isExpectedCapture(payment: Payment, capture: CaptureView): boolean {
  return (
    capture.amount !== null &&
    capture.amount.cents === payment.amountCents &&
    capture.amount.currency === payment.currency &&
    (capture.customId === null || capture.customId === payment.id)
  );
}

async function finalize(
  deps: Deps,
  payment: Payment,
  capture: CaptureView,
  payerId: string | null,
): Promise<SettleResult> {
  const now = deps.clock.now();
  const expiresAt = addDays(now, purchaseExpiryDays(payment.credits));
  const granted = await withTransaction(deps.db, async (trx) => {
    await lockPayment(trx, payment.id);
    const grant = await grantCredits(trx, {
      userId: payment.userId,
      credits: payment.credits,
      source: 'purchase',
      sourceRef: capture.id,
      expiresAt,
      now,
      note: `payment ${payment.id}`,
    });
    await markPaymentCredited(trx, payment.id, {
      captureId: capture.id,
      lotId: grant.lotId,
      payerId,
      nowIso: now.toISOString(),
    });
    return grant.granted;
  });
  if (granted) {
    deps.logger.info(
      { paymentId: payment.id, orderId: payment.orderId, captureId: capture.id, credits: payment.credits },
      'payment credited',
    );
  }
  return granted
    ? { kind: 'completed', creditsAdded: payment.credits, creditsExpireAt: expiresAt.toISOString() }
    : { kind: 'completed', creditsAdded: 0 };
}

async function setStatus(
  deps: Deps,
  payment: Payment,
  status: PaymentStatus,
  lastIssue: string,
  from: PaymentStatus[],
): Promise<void> {
  const nowIso = deps.clock.now().toISOString();
  await setUncreditedPaymentStatus(deps.db, payment.id, { status, nowIso, lastIssue, from });
}
