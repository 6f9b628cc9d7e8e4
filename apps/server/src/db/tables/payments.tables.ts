import type { Selectable } from 'kysely';

/**
 * created → capturing → completed | pending | declined | failed; cancelled and expired end an unpaid payment;
 * refunded / partially_refunded follow completed. Credits are granted exactly when credited_at is set.
 */
export type PaymentStatus =
  | 'created'
  | 'capturing'
  | 'pending'
  | 'completed'
  | 'declined'
  | 'failed'
  | 'cancelled'
  | 'expired'
  | 'refunded'
  | 'partially_refunded';

export interface PaymentsTable {
  /** UUIDv7; also PayPal's custom_id and invoice_id. */
  id: string;
  /** No foreign key: payment records outlive a deleted account (kept 7 years, docs/product.md §9.5). */
  user_id: string;
  provider: 'paypal' | 'simulated';
  provider_order_id: string | null;
  kind: 'package' | 'custom';
  package_id: number | null;
  credits: number;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  /** Bumped when a declined payment is captured again, so the new attempt gets a new PayPal-Request-Id. */
  capture_attempt: number;
  capture_id: string | null;
  lot_id: string | null;
  payer_id: string | null;
  last_issue: string | null;
  credited_at: string | null;
  created_at: string;
  updated_at: string;
  /** Set when the account was deleted and payer_id was removed; the record itself stays 7 years. */
  personal_data_removed_at: string | null;
}

export interface WebhookEventsTable {
  event_id: string;
  event_type: string;
  resource_id: string | null;
  received_at: string;
  processed_at: string | null;
}

/** A refund or reversal of a purchase: what was to be taken back, what was, and what is left for an administrator. */
export interface PaymentAdjustmentsTable {
  id: string;
  payment_id: string;
  user_id: string;
  kind: 'refund' | 'reversal';
  /** The provider's refund (or event) reference: one adjustment per reference. */
  external_ref: string;
  amount_cents: number;
  credits_due: number;
  credits_taken: number;
  /** Credits already spent (or expired) that could not be taken back. */
  credits_uncollected: number;
  note: string | null;
  created_at: string;
}

export interface PaymentTables {
  payments: PaymentsTable;
  webhook_events: WebhookEventsTable;
  payment_adjustments: PaymentAdjustmentsTable;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentAdjustmentRow = Selectable<PaymentAdjustmentsTable>;
