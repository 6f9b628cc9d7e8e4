import type { AccountPayment } from '@threadcart/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { usePayments } from '../api/list-payments.ts';
import { formatDateTime, formatMoney, formatNumber } from '../format.ts';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { AccountSection } from './account-section.tsx';
import { PaymentStateBadge } from './payment-state-badge.tsx';

/** "Professional" or "Custom amount". */
export const paymentDescription = (payment: Pick<AccountPayment, 'package_name'>) =>
  payment.package_name ?? M.customAmount;

/** The PayPal id a customer would quote: the capture (transaction) id once there is one, else the order id. */
export const paypalId = (payment: Pick<AccountPayment, 'paypal_capture_id' | 'paypal_order_id'>) =>
  payment.paypal_capture_id ?? payment.paypal_order_id ?? '—';

/** Every payment with date, package or custom amount, credits, price, PayPal id, state and a receipt link. */
export function PaymentsSection() {
  const payments = usePayments();
  return (
    <AccountSection
      id="payments"
      title="Payments"
      description="Every purchase of credits, with a printable receipt."
    >
      {payments.isError && <Alert tone="error">{M.loadFailed}</Alert>}
      {payments.data && payments.data.length === 0 && (
        <p className="text-sm text-text-secondary">{M.noPayments}</p>
      )}
      {payments.data && payments.data.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Payments">
            <thead className="border-b border-gray-200 text-xs text-text-secondary uppercase">
              <tr>
                <th className="py-2 pr-4 font-semibold">Date</th>
                <th className="py-2 pr-4 font-semibold">Purchase</th>
                <th className="py-2 pr-4 text-right font-semibold">Credits</th>
                <th className="py-2 pr-4 text-right font-semibold">Amount</th>
                <th className="py-2 pr-4 font-semibold">PayPal id</th>
                <th className="py-2 pr-4 font-semibold">State</th>
                <th className="py-2 font-semibold">
                  <span className="sr-only">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {payments.data.map((payment) => (
                <tr key={payment.id}>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(payment.created_at)}</td>
                  <td className="py-2 pr-4">{paymentDescription(payment)}</td>
                  <td className="py-2 pr-4 text-right">{formatNumber(payment.credits)}</td>
                  <td className="py-2 pr-4 text-right whitespace-nowrap">
                    {formatMoney(payment.amount_cents, payment.currency)}
                  </td>
                  <td className="py-2 pr-4 font-mono text-xs break-all">{paypalId(payment)}</td>
                  <td className="py-2 pr-4">
                    <PaymentStateBadge state={payment.state} />
                  </td>
                  <td className="py-2 text-right">
                    <Link
                      to={`/account/payments/${encodeURIComponent(payment.id)}`}
                      className="font-medium whitespace-nowrap text-secondary-dark underline"
                      aria-label={`Receipt of ${formatDateTime(payment.created_at)}`}
                    >
                      Receipt
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AccountSection>
  );
}
