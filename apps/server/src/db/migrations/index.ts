import type { Migration } from 'kysely';
import * as createAccounts from './20261122000100_create-accounts.ts';
import * as createCredits from './20261122000200_create-credits.ts';
import * as createCorpus from './20261122000300_create-corpus.ts';
import * as createResetsOutboxPageViews from './20261122000350_create-resets-outbox-page-views.ts';
import * as createOrders from './20261122000400_create-orders.ts';
import * as createPayments from './20261122000500_create-payments.ts';
import * as createCorpusLiveIndexes from './20261122000600_create-corpus-live-indexes.ts';
import * as createCorpusPositiveCountIndexes from './20261123000100_create-corpus-positive-count-indexes.ts';
import * as createCorpusSearchIndexes from './20261124000100_create-corpus-search-indexes.ts';
import * as addFilterFields from './20261125000100_add-filter-fields.ts';
import * as addOrderOptions from './20261125000200_add-order-options.ts';
import * as createCorpusNames from './20261125000300_create-corpus-names.ts';
import * as emailConfirmation from './20261126000100_email-confirmation.ts';
import * as accountArea from './20261126000200_account-area.ts';
import * as admin from './20261126000300_admin.ts';
import * as createServiceStatus from './20261126000900_create-service-status.ts';
import * as orderManifest from './20261126001000_order-manifest.ts';
import * as deliveredRecords from './20261127000100_delivered-records.ts';
import * as threadContext from './20261127000200_thread-context.ts';
import * as webhooks from './20261127000500_webhooks.ts';
import * as orderSchedules from './20261127000600_order-schedules.ts';
import * as createRateLimits from './20261127000900_create-rate-limits.ts';
import * as outboxCreatedIndex from './20261127001600_outbox-created-index.ts';
import * as createCorpusDeferred from './20261128000300_create-corpus-deferred.ts';
import * as trigramKelvinSign from './20261128000400_trigram-kelvin-sign.ts';
import * as accountReauthentication from './20261129000100_account-reauthentication.ts';
import * as createCorpusTotals from './20261129001000_create-corpus-totals.ts';
import * as removalRequests from './20261129003000_removal-requests.ts';
import * as orderScanLane from './20261130005000_order-scan-lane.ts';
import * as createCorpusMonths from './20261201020000_create-corpus-months.ts';
import * as livenessInRangeIndexes from './20261201040000_liveness-in-range-indexes.ts';
import * as sampleKeys from './20261130000100_sample-keys.ts';
import * as sortIndexes from './20261130000200_sort-indexes.ts';
import * as signupGiftMailboxes from './20261129000200_signup-gift-mailboxes.ts';
import * as mailDelivery from './20261130004000_mail-delivery.ts';

/** Every migration, by name, in the order they run. Add new ones at the end; never edit a landed one. */
export const MIGRATIONS: Record<string, Migration> = {
  '20261122000100_create-accounts': createAccounts,
  '20261122000200_create-credits': createCredits,
  '20261122000300_create-corpus': createCorpus,
  '20261122000350_create-resets-outbox-page-views': createResetsOutboxPageViews,
  '20261122000400_create-orders': createOrders,
  '20261122000500_create-payments': createPayments,
  '20261122000600_create-corpus-live-indexes': createCorpusLiveIndexes,
  '20261123000100_create-corpus-positive-count-indexes': createCorpusPositiveCountIndexes,
  '20261124000100_create-corpus-search-indexes': createCorpusSearchIndexes,
  '20261125000100_add-filter-fields': addFilterFields,
  '20261125000200_add-order-options': addOrderOptions,
  '20261125000300_create-corpus-names': createCorpusNames,
  '20261126000100_email-confirmation': emailConfirmation,
  '20261126000200_account-area': accountArea,
  '20261126000300_admin': admin,
  '20261126000900_create-service-status': createServiceStatus,
  '20261126001000_order-manifest': orderManifest,
  '20261127000100_delivered-records': deliveredRecords,
  '20261127000200_thread-context': threadContext,
  '20261127000500_webhooks': webhooks,
  '20261127000600_order-schedules': orderSchedules,
  '20261127000900_create-rate-limits': createRateLimits,
  '20261127001600_outbox-created-index': outboxCreatedIndex,
  '20261128000300_create-corpus-deferred': createCorpusDeferred,
  '20261128000400_trigram-kelvin-sign': trigramKelvinSign,
  '20261129000100_account-reauthentication': accountReauthentication,
  '20261129000200_signup-gift-mailboxes': signupGiftMailboxes,
  '20261129001000_create-corpus-totals': createCorpusTotals,
  '20261129003000_removal-requests': removalRequests,
  '20261130000100_sample-keys': sampleKeys,
  '20261130000200_sort-indexes': sortIndexes,
  '20261130004000_mail-delivery': mailDelivery,
  '20261130005000_order-scan-lane': orderScanLane,
  '20261201020000_create-corpus-months': createCorpusMonths,
  '20261201040000_liveness-in-range-indexes': livenessInRangeIndexes,
};
