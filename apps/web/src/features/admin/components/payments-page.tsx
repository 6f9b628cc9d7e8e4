import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { usePayments } from '../api/list-payments.ts';
import { ADMIN_PAGE_SIZE } from '../api/query-keys.ts';
import { errorText, formatDateTime, formatMoney, formatNumber } from '../format.ts';
import { ActionForm } from './action-form.tsx';
import { Pager } from './pager.tsx';

const STATUSES = ['completed', 'partially_refunded', 'refunded', 'pending', 'created', 'declined', 'failed'];
const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...STATUSES.map((s) => ({ value: s, label: s }))];
const REFUNDABLE = new Set(['completed', 'partially_refunded']);

/** Every payment with PayPal's ids and state; refund a captured one. */
export function PaymentsPage() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const payments = usePayments(status, page);
  return (
    <div className="space-y-4">
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value);
          setPage(1);
        }}
      />
      {payments.isError && <Alert tone="error">{errorText(payments.error)}</Alert>}
      {payments.data && (
        <>
          <ul className="divide-y divide-gray-100" aria-label="Payments">
            {payments.data.items.map((p) => (
              <li key={p.id} className="space-y-2 py-3" aria-label={`Payment ${p.id}`}>
                <p className="text-sm">
                  {formatDateTime(p.created_at)} · {p.username ?? p.user_id} · {formatNumber(p.credits)}{' '}
                  credits · {formatMoney(p.amount_cents, p.currency)} ·{' '}
                  <span data-testid="admin-payment-status">{p.status}</span>
                </p>
                <p className="font-mono text-xs">
                  PayPal order {p.provider_order_id ?? '—'} · capture {p.capture_id ?? '—'} · payer{' '}
                  {p.payer_id ?? '—'}
                </p>
                {REFUNDABLE.has(p.status) && p.capture_id && (
                  <ActionForm label="Refund payment" action={{ kind: 'refund', paymentId: p.id }} />
                )}
              </li>
            ))}
          </ul>
          {payments.data.items.length === 0 && <p className="text-sm">No payments.</p>}
          <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={payments.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}
