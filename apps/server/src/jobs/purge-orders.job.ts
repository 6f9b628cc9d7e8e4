import { purgeExpiredOrders } from '../services/retention.service.ts';
import type { PeriodicJob } from './scheduler.ts';

/** Daily: deletes orders and their files 90 days after creation. */
export const purgeOrdersJob: PeriodicJob = {
  name: 'orders.purge',
  intervalMs: 24 * 60 * 60 * 1000,
  run: async (deps) => {
    const purged = await purgeExpiredOrders(deps);
    if (purged > 0) deps.logger.info({ orders: purged }, 'expired orders deleted');
  },
};
