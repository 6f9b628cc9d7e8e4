import { purgeExpiredRateLimits } from '../services/auth/rate-limit.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Every ten minutes: deletes the request-limit counters whose window has ended (decision 028). */
export const purgeRateLimitsJob: PeriodicJob = {
  name: 'rate-limits.purge',
  intervalMs: 10 * 60 * 1000,
  run: async (deps) => {
    const deleted = await purgeExpiredRateLimits(deps);
    if (deleted > 0) deps.logger.debug({ deleted }, 'expired request-limit counters purged');
  },
};
