import type { Deps } from '../deps.ts';
import { buildAccountExportsJob } from './build-account-exports.job.ts';
import { deliverWebhooksJob } from './deliver-webhooks.job.ts';
import { expireCreditsJob } from './expire-credits.job.ts';
import { purgeAuthRecordsJob } from './purge-auth-records.job.ts';
import { purgeDeletedAccountsJob } from './purge-deleted-accounts.job.ts';
import { purgeOrdersJob } from './purge-orders.job.ts';
import { purgeOutboxJob } from './purge-outbox.job.ts';
import { purgePageViewsJob } from './purge-page-views.job.ts';
import { purgeRateLimitsJob } from './purge-rate-limits.job.ts';
import { reconcilePaymentsJob } from './reconcile-payments.job.ts';
import { runSchedulesJob } from './run-schedules.job.ts';
import { workerHeartbeatJob } from './worker-heartbeat.job.ts';

/** A job that runs every `intervalMs`, first shortly after start. */
export interface PeriodicJob {
  readonly name: string;
  readonly intervalMs: number;
  run(deps: Deps): Promise<void>;
}

/** The explicit list of periodic jobs the worker runs; each driver lives in its own *.job.ts. */
export const PERIODIC_JOBS: PeriodicJob[] = [
  workerHeartbeatJob,
  expireCreditsJob,
  purgeOrdersJob,
  purgePageViewsJob,
  purgeOutboxJob,
  purgeRateLimitsJob,
  purgeAuthRecordsJob,
  reconcilePaymentsJob,
  buildAccountExportsJob,
  purgeDeletedAccountsJob,
  deliverWebhooksJob,
  runSchedulesJob,
];

/** Runs every periodic job on its interval, one run of a job at a time; errors are logged, never fatal. */
export function startScheduler(deps: Deps, jobs: PeriodicJob[] = PERIODIC_JOBS): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let isStopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (isStopped) return;
      const run = job
        .run(deps)
        .catch((err: unknown) => deps.logger.error({ err, job: job.name }, 'periodic job failed'))
        .finally(() => {
          running.delete(run);
          if (!isStopped) timers.push(setTimeout(tick, job.intervalMs));
        });
      running.add(run);
    };
    timers.push(setTimeout(tick, 1000));
  }
  return {
    stop: async () => {
      isStopped = true;
      timers.forEach(clearTimeout);
      await Promise.all(running);
    },
  };
}
