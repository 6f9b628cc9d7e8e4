import { purgeOldMail } from '../services/operations/mail.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Every six hours: deletes outbox mails older than OUTBOX_RETENTION_DAYS (docs/product.md §9.7). */
export const purgeOutboxJob: PeriodicJob = {
  name: 'outbox.purge',
  intervalMs: 6 * 60 * 60 * 1000,
  run: async (deps) => {
    const deleted = await purgeOldMail(deps);
    if (deleted > 0) deps.logger.info({ deleted }, 'old outbox mails purged');
  },
};
