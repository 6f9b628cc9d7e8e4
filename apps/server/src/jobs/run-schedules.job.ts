import { runDueSchedules } from '../services/orders/schedule-runs.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Every 30 s: places the scheduled orders whose run has come (decision 030). */
export const runSchedulesJob: PeriodicJob = {
  name: 'schedules.run',
  intervalMs: 30_000,
  run: async (deps) => {
    const { placed, skipped } = await runDueSchedules(deps);
    if (placed + skipped > 0) deps.logger.info({ placed, skipped }, 'scheduled orders run');
  },
};
