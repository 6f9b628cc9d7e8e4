import { reconcilePayments } from '../services/payments/reconcile-payments.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Every 5 minutes (and shortly after start): settles payments the return page and the webhooks left open. */
export const reconcilePaymentsJob: PeriodicJob = {
  name: 'payments.reconcile',
  intervalMs: 5 * 60 * 1000,
  run: async (deps) => {
    const counts = await reconcilePayments(deps);
    if (Object.keys(counts).length > 0) deps.logger.info({ counts }, 'payments reconciled');
  },
};
