import { ORDER_STATUSES } from '@threadcart/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useOrders } from '../api/list-orders.ts';
import { ADMIN_PAGE_SIZE, ADMIN_PATHS } from '../api/query-keys.ts';
import { errorText, formatDateTime, formatNumber } from '../format.ts';
import { ActionForm } from './action-form.tsx';
import { Pager } from './pager.tsx';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
];

/** Every order, by status and user: retry a failed one, cancel a pending one, open a file. */
export function OrdersPage() {
  const [status, setStatus] = useState('');
  const [userId, setUserId] = useState('');
  const [page, setPage] = useState(1);
  const orders = useOrders(status, userId.trim(), page);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            setPage(1);
          }}
        />
        <TextField label="User id" value={userId} onChange={(event) => setUserId(event.target.value)} />
      </div>
      {orders.isError && <Alert tone="error">{errorText(orders.error)}</Alert>}
      {orders.data && (
        <>
          <ul className="divide-y divide-gray-100" aria-label="Orders">
            {orders.data.items.map((order) => (
              <li key={order.id} className="space-y-2 py-3" aria-label={`Order ${order.title}`}>
                <p className="text-sm">
                  <span className="font-semibold">{order.title}</span> · {order.username ?? order.user_id} ·{' '}
                  <span data-testid="admin-order-status">{order.status}</span> ·{' '}
                  {formatNumber(order.result_count)} records · {formatDateTime(order.created_at)}
                  {order.error ? ` · ${order.error}` : ''}
                </p>
                {order.status === 'failed' && (
                  <ActionForm label="Retry order" action={{ kind: 'retry', orderId: order.id }} />
                )}
                {order.status === 'pending' && (
                  <ActionForm label="Cancel order" action={{ kind: 'cancel', orderId: order.id }} />
                )}
                {order.has_file && (
                  <a
                    className="text-sm text-secondary-dark underline"
                    href={ADMIN_PATHS.orderFile(order.id)}
                    download={order.file_name ?? undefined}
                  >
                    Open file {order.file_name}
                  </a>
                )}
              </li>
            ))}
          </ul>
          {orders.data.items.length === 0 && <p className="text-sm">No orders.</p>}
          <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={orders.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}
