import { z } from 'zod';
import { ApiKeySchema, CreditLotSchema, CreditsResponseSchema, DetailResponseSchema } from './auth.ts';

/** Bodies and answers of the account area, `/api/users/me/…` (issue 17, docs/decisions/021-account-area.md). */

/** Texts of the account area; clients match on some details, so they never change. */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Your current password is incorrect.',
  passwordChanged: 'Your password has been changed. Every other session has been signed out.',
  deletePasswordRequired: 'Password is required',
  deletePasswordWrong: 'Your password is incorrect.',
  deleteConfirmRequired: 'Type DELETE to confirm.',
  exportTooSoon: 'An export is already being prepared. Please wait until it is ready.',
  exportNotReady: 'This export is not ready yet.',
  exportExpired: 'This export has expired. Please request a new one.',
} as const;

/** Lots that expire within this many days stand out on the credits screen. */
export const EXPIRES_SOON_DAYS = 7;
/** Ledger entries per page. */
export const LEDGER_PAGE_SIZE = 50;
/** The word the delete form asks for. */
export const DELETE_CONFIRM_WORD = 'DELETE';
/** A deleted account's anonymised row is purged this many days after the deletion (docs/product.md §9.3). */
export const DELETED_ACCOUNT_RETENTION_DAYS = 365;
/** Payment records are kept this many years, then purged (docs/product.md §9.5). */
export const PAYMENT_RECORD_RETENTION_YEARS = 7;
/**
 * Mails kept in the outbox (its links last at most 7 days) are deleted this many days after they were written; a
 * deleted account's mails go at once (docs/product.md §9.7).
 */
export const OUTBOX_RETENTION_DAYS = 30;

// ---- Password ------------------------------------------------------------------------------------------------

/** Every field optional here so that a missing one gets its own message (the sign-up rules apply to the new one). */
export const ChangePasswordRequestSchema = z.object({
  current_password: z.string().max(1024).optional(),
  new_password1: z.string().max(1024).optional(),
  new_password2: z.string().max(1024).optional(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
/** Field keys of a 400 from the password form. */
export type ChangePasswordErrorKey = 'current_password' | 'new_password1' | 'new_password2';

export const AccountDetailResponseSchema = DetailResponseSchema;
/** A changed password: the API keys that still work, so the user can revoke them all with one click. */
export const ChangePasswordResponseSchema = DetailResponseSchema.extend({ api_keys: z.array(ApiKeySchema) });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;
export type AccountDetailResponse = z.infer<typeof AccountDetailResponseSchema>;

// ---- API keys ------------------------------------------------------------------------------------------------

/** The answer to creating a key: the only time the whole key is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
export const ApiKeyListResponseSchema = z.object({ keys: z.array(ApiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;

// ---- Payments ------------------------------------------------------------------------------------------------

/**
 * A payment's state as the account shows it: `awaiting_payment` (checkout started, not approved), `pending`
 * (being captured or held by PayPal), `captured`, `partially_refunded`, `refunded`, `failed` (declined or
 * failed), `cancelled` (cancelled or expired before payment).
 */
export const PaymentStateSchema = z.enum([
  'awaiting_payment',
  'pending',
  'captured',
  'partially_refunded',
  'refunded',
  'failed',
  'cancelled',
]);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

export const AccountPaymentSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.enum(['package', 'custom']),
  package_id: z.number().int().nullable(),
  /** The package's name, or null for a custom amount. */
  package_name: z.string().nullable(),
  credits: z.number().int(),
  amount_cents: z.number().int(),
  /** "5.00" */
  amount: z.string(),
  currency: z.string(),
  provider: z.enum(['paypal', 'simulated']),
  /** PayPal's order id. */
  paypal_order_id: z.string().nullable(),
  /** PayPal's capture (transaction) id once captured. */
  paypal_capture_id: z.string().nullable(),
  state: PaymentStateSchema,
  /** When the credits were added, or null. */
  credited_at: z.string().nullable(),
});
export type AccountPayment = z.infer<typeof AccountPaymentSchema>;

export const PaymentListResponseSchema = z.object({ payments: z.array(AccountPaymentSchema) });
export type PaymentListResponse = z.infer<typeof PaymentListResponseSchema>;

export const PaymentRefundSchema = z.object({
  kind: z.enum(['refund', 'reversal']),
  created_at: z.string(),
  amount_cents: z.number().int(),
  amount: z.string(),
  credits_taken: z.number().int(),
});

/** Everything a printable receipt shows. */
export const PaymentReceiptSchema = AccountPaymentSchema.extend({
  /** The receipt number (the payment id). */
  receipt_number: z.string(),
  billed_to: z.object({ username: z.string(), name: z.string(), email: z.string() }),
  description: z.string(),
  refunds: z.array(PaymentRefundSchema),
  refunded_cents: z.number().int(),
});
export type PaymentReceipt = z.infer<typeof PaymentReceiptSchema>;

export const AccountIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

// ---- Credits -------------------------------------------------------------------------------------------------

export const AccountCreditLotSchema = CreditLotSchema.extend({
  id: z.string(),
  credits_granted: z.number().int(),
  created_at: z.string(),
  /** True when the lot still holds credits and expires within EXPIRES_SOON_DAYS. */
  expires_soon: z.boolean(),
});
export type AccountCreditLot = z.infer<typeof AccountCreditLotSchema>;

/** The balance and its lots; a superset of CreditsResponse, so older clients keep working. */
export const CreditsSummaryResponseSchema = CreditsResponseSchema.extend({
  lots: z.array(AccountCreditLotSchema),
  /** Credits that expire within EXPIRES_SOON_DAYS. */
  expiring_soon_credits: z.number().int(),
});
export type CreditsSummaryResponse = z.infer<typeof CreditsSummaryResponseSchema>;

export const LedgerEntryKindSchema = z.enum([
  'grant',
  'reserve',
  'release',
  'expire',
  'clawback',
  'adjustment',
]);
export type LedgerEntryKind = z.infer<typeof LedgerEntryKindSchema>;

export const LedgerEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** grant: credits added; reserve: held for an order; release: returned after settlement or failure;
   * expire: lost at expiry; clawback: taken back after a refund; adjustment: by an administrator. */
  kind: LedgerEntryKindSchema,
  /** Signed change of the balance. */
  delta: z.number().int(),
  lot_id: z.string(),
  lot_source: z.string(),
  reservation_id: z.string().nullable(),
  /** The order the reservation belongs to, when it still exists. */
  order_id: z.string().nullable(),
  order_title: z.string().nullable(),
  note: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LedgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export const LedgerPageResponseSchema = z.object({
  entries: z.array(LedgerEntrySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type LedgerPageResponse = z.infer<typeof LedgerPageResponseSchema>;

// ---- Data export ---------------------------------------------------------------------------------------------

export const DataExportStateSchema = z.enum(['pending', 'processing', 'ready', 'failed', 'expired']);
export type DataExportState = z.infer<typeof DataExportStateSchema>;

export const DataExportSchema = z.object({
  id: z.string(),
  state: DataExportStateSchema,
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** When the file is deleted (the order-file retention). */
  expires_at: z.string().nullable(),
  file_size: z.number().int().nullable(),
  /** `/api/users/me/export/{id}/download/` once ready, else null. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

export const DataExportResponseSchema = z.object({ export: DataExportSchema });
export const DataExportListResponseSchema = z.object({ exports: z.array(DataExportSchema) });
export type DataExportListResponse = z.infer<typeof DataExportListResponseSchema>;

// ---- Deletion ------------------------------------------------------------------------------------------------

export const DeleteAccountRequestSchema = z.object({
  password: z.string().max(1024).optional(),
  confirm: z.string().max(100).optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;
/** Field keys of a 400 from the delete form. */
export type DeleteAccountErrorKey = 'password' | 'confirm';
