import {
  CREDIT_PACKAGES,
  formatCents,
  type AccountPayment,
  type PaymentReceipt,
  type PaymentState,
} from '@threadcart/contracts';
import {
  findProfileRow,
  findUserPaymentRow,
  listUserPaymentRows,
} from '../../db/repositories/account/account.repository.ts';
import { listPaymentAdjustments } from '../../db/repositories/payments/payments.repository.ts';
import type { PaymentRow, PaymentStatus } from '../../db/tables/payments.tables.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';

/** How each stored status reads on the account page; exhaustive, so a new status is a type error here. */
const STATE_OF: Record<PaymentStatus, PaymentState> = {
  created: 'awaiting_payment',
  capturing: 'pending',
  pending: 'pending',
  completed: 'captured',
  declined: 'failed',
  failed: 'failed',
  cancelled: 'cancelled',
  expired: 'cancelled',
  refunded: 'refunded',
  partially_refunded: 'partially_refunded',
};

/** A payment row as the account area shows it. */
export function toAccountPayment(row: PaymentRow): AccountPayment {
  const pkg = row.package_id === null ? undefined : CREDIT_PACKAGES.find((p) => p.id === row.package_id);
  return {
    id: row.id,
    created_at: row.created_at,
    kind: row.kind,
    package_id: row.package_id,
    package_name: row.kind === 'package' ? (pkg?.name ?? null) : null,
    credits: Number(row.credits),
    amount_cents: Number(row.amount_cents),
    amount: formatCents(Number(row.amount_cents)),
    currency: row.currency,
    provider: row.provider,
    paypal_order_id: row.provider_order_id,
    paypal_capture_id: row.capture_id,
    state: STATE_OF[row.status],
    credited_at: row.credited_at,
  };
}

/** Every payment of the user, newest first. */
export async function listAccountPayments(deps: Deps, userId: string): Promise<AccountPayment[]> {
  return (await listUserPaymentRows(deps.db, userId)).map(toAccountPayment);
}

/** The receipt of one of the user's payments; another user's payment is a 404. */
export async function getPaymentReceipt(
  deps: Deps,
  userId: string,
  paymentId: string,
): Promise<PaymentReceipt> {
  const row = await findUserPaymentRow(deps.db, userId, paymentId);
  const profile = await findProfileRow(deps.db, userId);
  if (!row || !profile) throw notFound();
  const payment = toAccountPayment(row);
  const refunds = (await listPaymentAdjustments(deps.db, row.id)).map((a) => ({
    kind: a.kind,
    created_at: a.created_at,
    amount_cents: Number(a.amount_cents),
    amount: formatCents(Number(a.amount_cents)),
    credits_taken: Number(a.credits_taken),
  }));
  const credits = payment.credits.toLocaleString('en-US');
  return {
    ...payment,
    receipt_number: row.id,
    billed_to: { username: profile.username, name: profile.name, email: profile.email },
    description: payment.package_name
      ? `${payment.package_name}: ${credits} credits`
      : `Custom amount: ${credits} credits`,
    refunds,
    refunded_cents: refunds.reduce((sum, r) => sum + r.amount_cents, 0),
  };
}
