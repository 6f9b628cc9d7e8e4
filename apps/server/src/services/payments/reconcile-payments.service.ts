import { listPaymentsToReconcile } from '../../db/repositories/payments/payments.repository.ts';
import type { Deps } from '../../deps.ts';
import { settlePayment, type SettleResult } from './settle-payment.service.ts';

/** Payments untouched this long are re-checked (the return page and webhooks normally settle them sooner). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** Older unsettled payments are left to an administrator. */
const RECONCILE_MAX_AGE_MS = 3 * 86_400_000;

/**
 * Re-checks stale unsettled payments with the provider through settlePayment (check mode): credits a capture
 * whose answer was lost, captures an order approved by a payer who never came back, expires abandoned ones.
 * Safe to run beside the web server: settlement is idempotent and claims rows before capturing.
 */
export async function reconcilePayments(
  deps: Deps,
  limit = 100,
): Promise<Partial<Record<SettleResult['kind'], number>>> {
  const now = deps.clock.now().getTime();
  const payments = await listPaymentsToReconcile(deps.db, {
    statuses: ['created', 'capturing', 'pending'],
    updatedBefore: new Date(now - RECONCILE_AFTER_MS).toISOString(),
    createdAfter: new Date(now - RECONCILE_MAX_AGE_MS).toISOString(),
    limit,
  });
  const counts: Partial<Record<SettleResult['kind'], number>> = {};
  for (const payment of payments) {
    try {
      const result = await settlePayment(deps, payment.id, 'check');
      counts[result.kind] = (counts[result.kind] ?? 0) + 1;
    } catch (err) {
      deps.logger.error({ err, paymentId: payment.id }, 'payment reconciliation failed');
    }
  }
  return counts;
}
