import { expireCredits } from '../services/payments/ledger.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Hourly: retires the credits of expired lots with ledger entries. */
export const expireCreditsJob: PeriodicJob = {
  name: 'credits.expire',
  intervalMs: 60 * 60 * 1000,
  run: async (deps) => {
    let retired = 0;
    for (let batch = await expireCredits(deps.db, deps.clock.now()); batch > 0;) {
      retired += batch;
      batch = await expireCredits(deps.db, deps.clock.now());
    }
    if (retired > 0) deps.logger.info({ lots: retired }, 'expired credit lots retired');
  },
};
