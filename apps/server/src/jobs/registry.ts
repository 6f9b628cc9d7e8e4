import { buildAccountExportsJob } from './build-account-exports.job.ts';
import { deliverMailJob } from './deliver-mail.job.ts';
import { deliverWebhooksJob } from './deliver-webhooks.job.ts';
import { expireCreditsJob } from './expire-credits.job.ts';
import type { PeriodicJob } from './periodic-job.ts';
import { purgeAuthRecordsJob } from './purge-auth-records.job.ts';
import { purgeDeletedAccountsJob } from './purge-deleted-accounts.job.ts';
import { purgeOrdersJob } from './purge-orders.job.ts';
import { purgeOutboxJob } from './purge-outbox.job.ts';
import { purgePageViewsJob } from './purge-page-views.job.ts';
import { purgeRateLimitsJob } from './purge-rate-limits.job.ts';
import { purgeRemovalRequestsJob } from './purge-removal-requests.job.ts';
import { reconcilePaymentsJob } from './reconcile-payments.job.ts';
import { runSchedulesJob } from './run-schedules.job.ts';
import { workerHeartbeatJob } from './worker-heartbeat.job.ts';

/**
 * The explicit list of periodic jobs the worker runs; each driver lives in its own *.job.ts. Kept apart from
 * scheduler.ts so that the jobs and the scheduler never import each other.
 */
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
  purgeRemovalRequestsJob,
  deliverWebhooksJob,
  deliverMailJob,
  runSchedulesJob,
];
