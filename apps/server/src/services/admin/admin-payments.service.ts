import {
  ADMIN_MESSAGES,
  type AdminPayment,
  type AdminPaymentsPage,
  type AdminPaymentsQuery,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  findPaymentWithUsername,
  listAllPayments,
} from '../../db/repositories/admin/admin-payments.repository.ts';
import {
  findPaymentAdjustmentByRef,
  findPaymentById,
  listPaymentAdjustments,
} from '../../db/repositories/payments/payments.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { paymentProviderFor } from '../../payments/provider-registry.ts';
import { ProviderError, ProviderUnavailableError, type RefundView } from '../../payments/provider.ts';
import { takeBackPurchase } from '../payments/payment-refunds.service.ts';
import { recordAudit } from './admin-audit.service.ts';
import { pageWindow, toAdminPayment } from './admin-present.ts';

const REFUNDABLE = new Set(['completed', 'partially_refunded']);

/** Every payment, a page at a time, with PayPal's order and capture ids and its state. */
export async function listAdminPayments(deps: Deps, query: AdminPaymentsQuery): Promise<AdminPaymentsPage> {
  const { rows, total } = await listAllPayments(deps.db, {
    status: query.status,
    userId: query.user_id,
    ...pageWindow(query),
  });
  return { items: rows.map(toAdminPayment), total, page: query.page, page_size: query.page_size };
}

/**
 * Refunds what is left of a captured payment through the provider, then takes back the purchase's remaining
 * credits exactly as a refund webhook does (takeBackPurchase, under the same `refund:<id>` reference, so PayPal's
 * later PAYMENT.CAPTURE.REFUNDED is a duplicate), with the audit entry in that transaction. 409 for a payment
 * that is not captured or already refunded; 502 when the provider refuses; 503 when it cannot be reached (the
 * same PayPal-Request-Id makes a second attempt safe).
 */
export async function refundPayment(
  deps: Deps,
  adminUserId: string,
  paymentId: string,
  reason: string,
): Promise<AdminPayment> {
  const payment = await findPaymentById(deps.db, paymentId);
  if (!payment) throw notFound();
  const prior = await listPaymentAdjustments(deps.db, payment.id);
  const priorCents = prior.reduce((sum, a) => sum + a.amount_cents, 0);
  const leftCents = payment.amountCents - priorCents;
  if (!payment.captureId || !payment.creditedAt || !REFUNDABLE.has(payment.status) || leftCents <= 0)
    throw conflict(ADMIN_MESSAGES.paymentNotRefundable, 'not_refundable');

  let refund: RefundView;
  try {
    refund = await paymentProviderFor(deps.config).refundCapture(payment.captureId, {
      requestId: `refund-${payment.id}-${prior.length}`,
      ...(priorCents > 0 ? { amount: { currency: payment.currency, cents: leftCents } } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new AppError(503, ADMIN_MESSAGES.refundUnavailable, 'provider_unavailable');
    if (error instanceof ProviderError) {
      deps.logger.warn({ paymentId, issue: error.issue, debugId: error.debugId }, 'refund refused');
      throw new AppError(502, ADMIN_MESSAGES.refundFailed, 'refund_refused');
    }
    throw error;
  }

  const now = deps.clock.now();
  const externalRef = `refund:${refund.id}`;
  const refundCents = refund.amount?.cents ?? leftCents;
  await withTransaction(deps.db, async (trx) => {
    await takeBackPurchase({ db: trx, clock: deps.clock, logger: deps.logger }, payment, {
      kind: 'refund',
      externalRef,
      refundCents,
    });
    const adjustment = await findPaymentAdjustmentByRef(trx, externalRef);
    await recordAudit(trx, {
      adminUserId,
      action: 'payment.refund',
      targetType: 'payment',
      targetId: payment.id,
      reason,
      details: {
        user_id: payment.userId,
        refund_id: refund.id,
        amount_cents: refundCents,
        credits_taken: adjustment?.credits_taken ?? 0,
        credits_uncollected: adjustment?.credits_uncollected ?? 0,
      },
      now,
    });
  });
  const row = await findPaymentWithUsername(deps.db, payment.id);
  return toAdminPayment(row!);
}
