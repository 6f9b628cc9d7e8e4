import { deliverDueMail } from '../services/operations/mail-delivery.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Every second: sends the outbox mails that are due through SMTP_URL (a no-op without it; decision 037). */
export const deliverMailJob: PeriodicJob = {
  name: 'mail.deliver',
  intervalMs: 1000,
  run: async (deps) => {
    await deliverDueMail(deps);
  },
};
