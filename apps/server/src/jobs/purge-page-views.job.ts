import { purgeOldPageViews } from '../services/operations/analytics.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Every six hours: deletes page views older than 90 days (docs/product.md §9.6). */
export const purgePageViewsJob: PeriodicJob = {
  name: 'page-views.purge',
  intervalMs: 6 * 60 * 60 * 1000,
  run: async (deps) => {
    const deleted = await purgeOldPageViews(deps);
    if (deleted > 0) deps.logger.info({ deleted }, 'old page views purged');
  },
};
