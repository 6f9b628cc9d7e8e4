import { purgeExpiredRemovalRequests } from '../services/privacy/removal-requests.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Hourly: deletes removal requests whose confirmation link expired unused (their address and statement with them). */
export const purgeRemovalRequestsJob: PeriodicJob = {
  name: 'removal-requests.purge',
  intervalMs: 60 * 60 * 1000,
  run: async (deps) => {
    const deleted = await purgeExpiredRemovalRequests(deps);
    if (deleted > 0) deps.logger.info({ deleted }, 'unconfirmed removal requests purged');
  },
};
