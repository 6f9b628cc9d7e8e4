import { randomBytes } from 'node:crypto';
import { deliverDueWebhooks } from '../services/operations/webhook-delivery.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Names this process's claims on deliveries (a lease owner), like the order worker's id. */
const WORKER_ID = `webhooks-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Every second: makes the webhook tries that are due, several side by side. */
export const deliverWebhooksJob: PeriodicJob = {
  name: 'webhooks.deliver',
  intervalMs: 1000,
  run: async (deps) => {
    await deliverDueWebhooks(deps, WORKER_ID);
  },
};
