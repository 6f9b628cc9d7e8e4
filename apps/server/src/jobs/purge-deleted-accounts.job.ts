import { purgeDeletedAccounts } from '../services/account/account-deletion.service.ts';
import { expireDataExports } from '../services/account/data-export.service.ts';
import type { PeriodicJob } from './periodic-job.ts';

/**
 * Daily: purges accounts deleted 365 days ago and payment records older than 7 years (docs/product.md §9.3, §9.5),
 * and deletes data-export files past the order-file retention.
 */
export const purgeDeletedAccountsJob: PeriodicJob = {
  name: 'accounts.purge',
  intervalMs: 24 * 60 * 60 * 1000,
  run: async (deps) => {
    const exports = await expireDataExports(deps);
    const { accounts, payments } = await purgeDeletedAccounts(deps);
    if (exports + accounts + payments > 0) {
      deps.logger.info({ exports, accounts, payments }, 'deleted accounts and expired records purged');
    }
  },
};
