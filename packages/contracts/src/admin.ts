import { z } from 'zod';
import { ORDER_STATUSES } from './orders.ts';

/** Bodies, queries and answers of the operator API under /api/admin/ (docs/decisions/022-operator-roles-and-audit.md). */

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_REASON_MAX_LENGTH = 500;
/** The most credits one grant or deduction moves. */
export const ADMIN_CREDITS_MAX = 1_000_000;
/** An administrator's grant expires after this many days unless the request says otherwise. */
export const ADMIN_GRANT_EXPIRY_DAYS = 90;
export const ADMIN_GRANT_EXPIRY_DAYS_MAX = 3650;

export const ADMIN_AUDIT_ACTIONS = [
  'credits.grant',
  'credits.deduct',
  'user.disable',
  'user.enable',
  'user.role_grant',
  'user.role_revoke',
  'order.retry',
  'order.cancel',
  'payment.refund',
  'removal.approve',
  'removal.reject',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

export const ADMIN_MESSAGES = {
  forbidden: 'You do not have permission to perform this action.',
  accountDisabled: 'This account is disabled.',
  reasonRequired: 'A reason is required.',
  deductTooLarge: (credits: number, balance: number) =>
    `Cannot deduct ${credits} credits: the balance is ${balance}.`,
  alreadyDisabled: 'This account is already disabled.',
  notDisabled: 'This account is not disabled.',
  orderNotFailed: 'Only a failed order can be retried.',
  orderNotPending: 'Only a pending order can be cancelled.',
  orderCancelled: 'Cancelled by an administrator. No credits were charged.',
  paymentNotRefundable: 'Only a captured payment that is not fully refunded can be refunded.',
  refundFailed: 'The payment provider refused the refund.',
  refundUnavailable: 'The payment provider could not be reached; try the refund again.',
} as const;

const reason = z.string().trim().min(1, ADMIN_MESSAGES.reasonRequired).max(ADMIN_REASON_MAX_LENGTH);

export const AdminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(25),
});
export type AdminPageQuery = z.infer<typeof AdminPageQuerySchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

export const AdminUsersQuerySchema = AdminPageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  credits: z.number().int(),
  date_joined: z.string(),
  disabled_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersPageSchema = page(AdminUserSchema);
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const AdminOrderSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string().nullable(),
  title: z.string(),
  status: z.enum(ORDER_STATUSES),
  search_type: z.string(),
  format_type: z.string(),
  result_count: z.number().int(),
  records_delivered: z.number().int().nullable(),
  credits_charged: z.number().int().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  has_file: z.boolean(),
  file_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrdersQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  user_id: z.string().max(64).optional(),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;
export const AdminOrdersPageSchema = page(AdminOrderSchema);
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>;

export const AdminPaymentSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string().nullable(),
  provider: z.string(),
  provider_order_id: z.string().nullable(),
  capture_id: z.string().nullable(),
  payer_id: z.string().nullable(),
  kind: z.string(),
  credits: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  last_issue: z.string().nullable(),
  credited_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
export const AdminPaymentsQuerySchema = AdminPageQuerySchema.extend({
  status: z.string().max(40).optional(),
  user_id: z.string().max(64).optional(),
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;
export const AdminPaymentsPageSchema = page(AdminPaymentSchema);
export type AdminPaymentsPage = z.infer<typeof AdminPaymentsPageSchema>;

export const AdminCreditLotSchema = z.object({
  id: z.string(),
  source: z.string(),
  source_ref: z.string().nullable(),
  credits_granted: z.number().int(),
  credits_left: z.number().int(),
  expires_at: z.string(),
  created_at: z.string(),
});
export const AdminLedgerEntrySchema = z.object({
  id: z.string(),
  lot_id: z.string(),
  kind: z.string(),
  delta: z.number().int(),
  reservation_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema,
  orders: z.array(AdminOrderSchema),
  payments: z.array(AdminPaymentSchema),
  lots: z.array(AdminCreditLotSchema),
  ledger: z.array(AdminLedgerEntrySchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/**
 * What the customer sees of an operator's credit change (their ledger, their data export); the `reason` stays on the
 * operator side (the audit log) and never reaches the customer (issue 28 item 7). A default note when left out.
 */
const customerNote = z.string().trim().max(ADMIN_REASON_MAX_LENGTH).optional();
export const ADMIN_DEFAULT_CUSTOMER_NOTES = {
  grant: 'Credits added by Threadcart support',
  deduct: 'Credits removed by Threadcart support',
} as const;
export const AdminGrantCreditsRequestSchema = z.object({
  credits: z.number().int().min(1).max(ADMIN_CREDITS_MAX),
  /** Internal: for operators only (the audit log). */
  reason,
  customer_note: customerNote,
  expires_in_days: z.number().int().min(1).max(ADMIN_GRANT_EXPIRY_DAYS_MAX).optional(),
});
export type AdminGrantCreditsRequest = z.infer<typeof AdminGrantCreditsRequestSchema>;
export const AdminDeductCreditsRequestSchema = z.object({
  credits: z.number().int().min(1).max(ADMIN_CREDITS_MAX),
  /** Internal: for operators only (the audit log). */
  reason,
  customer_note: customerNote,
});
export type AdminDeductCreditsRequest = z.infer<typeof AdminDeductCreditsRequestSchema>;
/** Disable, enable, retry, cancel and refund: the reason is required for every one. */
export const AdminReasonRequestSchema = z.object({ reason });
export type AdminReasonRequest = z.infer<typeof AdminReasonRequestSchema>;

export const AdminCreditsResultSchema = z.object({ credits: z.number().int(), audit_id: z.string() });

const periodCounts = z.object({ today: z.number(), days_7: z.number(), days_30: z.number() });
export const AdminOverviewSchema = z.object({
  users: periodCounts.extend({ total: z.number().int() }),
  orders: periodCounts.extend({ total: z.number().int() }),
  revenue_cents: periodCounts,
  orders_by_status: z.record(z.string(), z.number().int()),
  worker: z.object({ last_heartbeat_at: z.string().nullable(), queue_depth: z.number().int() }),
  corpus: z.object({
    state: z.enum(['none', 'all', 'mixed']),
    posts: z.number().int(),
    comments: z.number().int(),
    sample_records: z.number().int(),
  }),
  /** The last 30 days (UTC), oldest first, every day present. */
  daily: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue_cents: z.number().int() })),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

const breakdown = z.object({ key: z.string(), posts: z.number().int(), comments: z.number().int() });
export const AdminCorpusIngestSchema = z.object({
  id: z.string(),
  is_sample: z.boolean(),
  files: z.array(z.string()),
  records_read: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  skipped: z.record(z.string(), z.number().int()),
  errors: z.array(z.object({ file: z.string(), message: z.string() })),
  duration_ms: z.number().int(),
  started_at: z.string(),
  finished_at: z.string(),
});
export type AdminCorpusIngest = z.infer<typeof AdminCorpusIngestSchema>;
export const AdminCorpusQuerySchema = z.object({ top: z.coerce.number().int().min(1).max(200).default(20) });
export const AdminCorpusSchema = z.object({
  state: z.enum(['none', 'all', 'mixed']),
  /** The corpus's load: `loading sample` while the worker loads it, `bulk loading` during a bulk ingest. */
  load_state: z.enum(['empty', 'loading sample', 'bulk loading', 'ready']),
  posts: z.number().int(),
  comments: z.number().int(),
  sample_records: z.number().int(),
  by_subreddit: z.array(breakdown),
  by_month: z.array(breakdown),
  ingests: z.array(AdminCorpusIngestSchema),
});
export type AdminCorpus = z.infer<typeof AdminCorpusSchema>;

export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  admin_user_id: z.string().nullable(),
  admin_username: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export const AdminAuditPageSchema = page(AdminAuditEntrySchema);
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;
