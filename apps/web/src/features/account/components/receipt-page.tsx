import type { PaymentState } from '@threadcart/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { SITE } from '../../../config/site.ts';
import { hasStatus } from '../../../lib/api-error.ts';
import { usePaymentReceipt } from '../api/get-payment-receipt.ts';
import { formatDateTime, formatMoney, formatNumber } from '../format.ts';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { PaymentStateBadge } from './payment-state-badge.tsx';
import './receipt-print.css';

const PAID_STATES: readonly PaymentState[] = ['captured', 'partially_refunded', 'refunded'];

function totalLabel(state: PaymentState, hasRefunds: boolean): string {
  if (!PAID_STATES.includes(state)) return 'Total (not charged)';
  return hasRefunds ? 'Total paid after refunds' : 'Total paid';
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-text-secondary">{label}</dt>
      <dd className="text-text-primary">{children}</dd>
    </>
  );
}

/** A printable receipt for one payment (/account/payments/:id); another user's payment reads as not found. */
export function ReceiptPage({ paymentId }: { paymentId: string }) {
  const receipt = usePaymentReceipt(paymentId);
  const back = (
    <Link to="/account" className="text-sm font-medium text-secondary-dark underline print:hidden">
      ← Back to your account
    </Link>
  );
  if (receipt.isPending) return <PageLoading />;
  if (receipt.isError) {
    return (
      <Container className="max-w-3xl space-y-4 py-10">
        <h1 className="text-3xl font-bold text-text-primary">Receipt</h1>
        <Alert tone="error">{hasStatus(receipt.error, 404) ? M.receiptNotFound : M.loadFailed}</Alert>
        {back}
      </Container>
    );
  }
  const data = receipt.data;
  const refunded = data.refunded_cents > 0;
  return (
    <Container className="max-w-3xl space-y-4 py-10 print:py-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          Print receipt
        </Button>
      </div>
      <Card data-receipt className="space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-xl font-bold text-primary-dark">{SITE.name}</p>
            <p className="text-sm text-text-secondary">{SITE.supportEmail}</p>
          </div>
          <div className="text-right">
            <h1 className="text-2xl font-bold text-text-primary">Receipt</h1>
            <p className="font-mono text-xs text-text-secondary">No. {data.receipt_number}</p>
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <Row label="Date">{formatDateTime(data.created_at)}</Row>
          <Row label="Billed to">
            {[data.billed_to.name, data.billed_to.username, data.billed_to.email].filter(Boolean).join(' · ')}
          </Row>
          <Row label="State">
            <PaymentStateBadge state={data.state} />
          </Row>
          <Row label="PayPal order">{data.paypal_order_id ?? '—'}</Row>
          <Row label="PayPal transaction">{data.paypal_capture_id ?? '—'}</Row>
          {data.credited_at && <Row label="Credits added">{formatDateTime(data.credited_at)}</Row>}
        </dl>
        <table className="w-full text-left text-sm" aria-label="Receipt lines">
          <thead className="border-b border-gray-200 text-xs text-text-secondary uppercase">
            <tr>
              <th className="py-2 pr-4 font-semibold">Description</th>
              <th className="py-2 pr-4 text-right font-semibold">Credits</th>
              <th className="py-2 text-right font-semibold">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            <tr>
              <td className="py-2 pr-4">{data.description}</td>
              <td className="py-2 pr-4 text-right">{formatNumber(data.credits)}</td>
              <td className="py-2 text-right">{formatMoney(data.amount_cents, data.currency)}</td>
            </tr>
            {data.refunds.map((refund) => (
              <tr key={`${refund.kind}-${refund.created_at}`}>
                <td className="py-2 pr-4">
                  {refund.kind === 'refund' ? 'Refund' : 'Reversal'} on {formatDateTime(refund.created_at)}
                </td>
                <td className="py-2 pr-4 text-right">-{formatNumber(refund.credits_taken)}</td>
                <td className="py-2 text-right">-{formatMoney(refund.amount_cents, data.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-gray-300 font-semibold">
            <tr>
              <td className="py-2 pr-4" colSpan={2}>
                {totalLabel(data.state, refunded)}
              </td>
              <td className="py-2 text-right" data-testid="receipt-total">
                {formatMoney(data.amount_cents - data.refunded_cents, data.currency)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="text-xs text-text-secondary">
          {data.provider === 'paypal'
            ? 'Paid through PayPal.'
            : 'Paid through the simulated PayPal (test mode).'}
        </p>
      </Card>
    </Container>
  );
}
