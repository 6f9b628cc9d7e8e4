import type { AdminOrder, AdminPayment } from '@threadcart/contracts';
import type { OrderWithUsername } from '../../db/repositories/admin/admin-orders.repository.ts';
import type { PaymentWithUsername } from '../../db/repositories/admin/admin-payments.repository.ts';

/** An order row as the operator API shows it. */
export function toAdminOrder(row: OrderWithUsername): AdminOrder {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    title: row.title,
    status: row.status,
    search_type: row.search_type,
    format_type: row.format_type,
    result_count: row.result_count,
    records_delivered: row.records_delivered,
    credits_charged: row.credits_charged,
    attempts: row.attempts,
    error: row.error,
    has_file: row.file_key !== null && row.file_name !== null,
    file_name: row.file_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
  };
}

/** A payment row as the operator API shows it, with PayPal's ids. */
export function toAdminPayment(row: PaymentWithUsername): AdminPayment {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    provider: row.provider,
    provider_order_id: row.provider_order_id,
    capture_id: row.capture_id,
    payer_id: row.payer_id,
    kind: row.kind,
    credits: row.credits,
    amount_cents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    last_issue: row.last_issue,
    credited_at: row.credited_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** limit/offset of a 1-based page. */
export const pageWindow = (query: { page: number; page_size: number }) => ({
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});
