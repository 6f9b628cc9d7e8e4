import { purgeExpiredOrders } from '../services/operations/retention.service.ts';
import { purgeOldWebhookEvents } from '../services/operations/webhook-delivery.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Daily: deletes orders and their files, and webhook events with their delivery log, 90 days after creation. */
export const purgeOrdersJob: PeriodicJob = {
  name: 'orders.purge',
  intervalMs: 24 * 60 * 60 * 1000,
  run: async (deps) => {
    const purged = await purgeExpiredOrders(deps);
    if (purged > 0) deps.logger.info({ orders: purged }, 'expired orders deleted');
    const events = await purgeOldWebhookEvents(deps);
    if (events > 0) deps.logger.info({ events }, 'expired webhook events deleted');
  },
};
