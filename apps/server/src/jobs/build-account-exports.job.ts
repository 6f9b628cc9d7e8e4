import { randomBytes } from 'node:crypto';
import { buildNextDataExport } from '../services/account/data-export.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/** Names this process's claims on exports (a lease owner), like the order worker's id. */
const WORKER_ID = `exports-${process.pid}-${randomBytes(4).toString('hex')}`;
/** At most this many exports per run, so one run never holds the scheduler for long. */
const EXPORTS_PER_RUN = 10;

/** Every few seconds: builds the pending "download my data" ZIPs, oldest first, and mails their links. */
export const buildAccountExportsJob: PeriodicJob = {
  name: 'account-exports.build',
  intervalMs: 3000,
  run: async (deps) => {
    for (let i = 0; i < EXPORTS_PER_RUN; i += 1) {
      if (!(await buildNextDataExport(deps, WORKER_ID))) return;
    }
  },
};
