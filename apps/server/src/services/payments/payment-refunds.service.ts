import { withTransaction } from '../../db/database.ts';
import {
  findPaymentAdjustmentByRef,
  insertPaymentAdjustment,
  listPaymentAdjustments,
  lockPayment,
  setCreditedPaymentStatus,
  type Payment,
} from '../../db/repositories/payments/payments.repository.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../lib/ids.ts';
import { clawbackLotCredits } from './ledger.service.ts';

export interface RefundInput {
  readonly kind: 'refund' | 'reversal';
  /** The provider's reference of this refund: one adjustment per reference, however often it is reported. */
  readonly externalRef: string;
  /** What this refund returned to the payer, capped at what is left of the payment. */
  readonly refundCents: number;
}

/**
 * Takes back the purchased credits a refund or reversal covers (in proportion to the refunded amount, rounded
 * up), but only those still unspent in the purchase's lot, with a clawback ledger entry; the balance never goes
 * below 0 and the remainder is recorded as uncollected for an administrator. Idempotent per externalRef.
 */
export async function takeBackPurchase(
  deps: Pick<Deps, 'db' | 'clock' | 'logger'>,
  payment: Payment,
  input: RefundInput,
): Promise<'processed' | 'duplicate'> {
  const now = deps.clock.now();
  const outcome = await withTransaction(deps.db, async (trx) => {
    await lockPayment(trx, payment.id);
    if (await findPaymentAdjustmentByRef(trx, input.externalRef)) return null;
    const prior = await listPaymentAdjustments(trx, payment.id);
    const priorCents = prior.reduce((sum, a) => sum + a.amount_cents, 0);
    const priorDue = prior.reduce((sum, a) => sum + a.credits_due, 0);
    const totalCents = Math.min(payment.amountCents, priorCents + Math.max(0, input.refundCents));
    const due = Math.max(0, Math.ceil((payment.credits * totalCents) / payment.amountCents) - priorDue);
    const note = `${input.kind} ${input.externalRef} of payment ${payment.id}`;
    const { taken } =
      due > 0 && payment.lotId
        ? await clawbackLotCredits(trx, { lotId: payment.lotId, maxCredits: due, now, note })
        : { taken: 0 };
    await insertPaymentAdjustment(trx, {
      id: newId(now.getTime()),
      payment_id: payment.id,
      user_id: payment.userId,
      kind: input.kind,
      external_ref: input.externalRef,
      amount_cents: totalCents - priorCents,
      credits_due: due,
      credits_taken: taken,
      credits_uncollected: due - taken,
      note,
      created_at: now.toISOString(),
    });
    const status = totalCents >= payment.amountCents ? 'refunded' : 'partially_refunded';
    await setCreditedPaymentStatus(trx, payment.id, status, now.toISOString());
    return { due, taken };
  });
  if (!outcome) return 'duplicate';
  const log = { paymentId: payment.id, userId: payment.userId, ref: input.externalRef, ...outcome };
  if (outcome.taken < outcome.due) {
    deps.logger.warn(
      { ...log, uncollected: outcome.due - outcome.taken },
      'refund: spent credits left uncollected',
    );
  } else {
    deps.logger.info(log, 'refund: credits taken back');
  }
  return 'processed';
}
