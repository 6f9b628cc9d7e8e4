import type { AccountExportTables } from './tables/account-exports.tables.ts';
import type { AccountTables } from './tables/accounts.tables.ts';
import type { AdminTables } from './tables/admin.tables.ts';
import type { CorpusTables } from './tables/corpus.tables.ts';
import type { CreditTables } from './tables/credits.tables.ts';
import type { DeliveryTables } from './tables/deliveries.tables.ts';
import type { EmailConfirmationTables } from './tables/email-confirmations.tables.ts';
import type { OrderTables } from './tables/orders.tables.ts';
import type { OutboxTables } from './tables/outbox.tables.ts';
import type { PageViewTables } from './tables/page-views.tables.ts';
import type { PaymentTables } from './tables/payments.tables.ts';
import type { PrivacyTables } from './tables/privacy.tables.ts';
import type { PasswordResetTables } from './tables/password-resets.tables.ts';
import type { RateLimitTables } from './tables/rate-limits.tables.ts';
import type { ScheduleTables } from './tables/schedules.tables.ts';
import type { ServiceStatusTables } from './tables/service-status.tables.ts';
import type { WebhookTables } from './tables/webhooks.tables.ts';

/** Every table Kysely knows; each domain keeps its own table interfaces under tables/. */
export interface Database
  extends
    AccountExportTables,
    AccountTables,
    AdminTables,
    CreditTables,
    DeliveryTables,
    EmailConfirmationTables,
    CorpusTables,
    OrderTables,
    PasswordResetTables,
    OutboxTables,
    PageViewTables,
    PaymentTables,
    PrivacyTables,
    RateLimitTables,
    ScheduleTables,
    ServiceStatusTables,
    WebhookTables {}
