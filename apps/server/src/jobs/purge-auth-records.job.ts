import { purgeStaleAuthRecords } from '../services/auth/auth.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Hourly: deletes sign-in failures, reset requests and tokens, and refresh tokens nobody can use any more. */
export const purgeAuthRecordsJob: PeriodicJob = {
  name: 'auth-records.purge',
  intervalMs: 60 * 60 * 1000,
  run: async (deps) => {
    const deleted = await purgeStaleAuthRecords(deps);
    if (deleted > 0) deps.logger.info({ deleted }, 'stale auth records purged');
  },
};
