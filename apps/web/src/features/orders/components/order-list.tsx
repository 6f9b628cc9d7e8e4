import type { DashboardOrder } from '@threadcart/contracts';
import { useId, useState } from 'react';
import { useDownloadOrder } from '../api/download-order-file.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { displayStatus } from '../order-rules.ts';
import { OrderRow } from './order-row.tsx';

const STATUS_FILTERS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Pending or processing' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

function matchesStatus(order: DashboardOrder, filter: StatusFilter): boolean {
  const status = displayStatus(order.status);
  if (filter === 'active') return ['pending', 'processing', 'in_progress'].includes(status);
  if (filter === 'failed') return status === 'failed' || status === 'error';
  return filter === '' || status === filter;
}

function matchesSearch(order: DashboardOrder, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [order.title, order.query_string, order.format_type].some((text) =>
    (text ?? '').toLowerCase().includes(needle),
  );
}

/**
 * The orders, newest first, with a search over title and query and a status filter (issue 33), or the empty state
 * of docs/product.md §2.8. `openId` is an order to show opened (the order-done page links to it).
 */
export function OrderList({ orders, openId }: { orders: DashboardOrder[]; openId?: string | null }) {
  const { download, pendingId } = useDownloadOrder();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const searchId = useId();
  const statusId = useId();
  if (orders.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 bg-surface px-4 py-10 text-center text-text-secondary">
        {ORDERS_UI_MESSAGES.emptyList}
      </p>
    );
  }
  const shown = orders.filter((order) => matchesStatus(order, status) && matchesSearch(order, search));
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-text-primary">
            Search orders
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="Title, query or format"
            onChange={(event) => setSearch(event.target.value)}
            className="block w-full rounded-md border border-gray-300 bg-surface px-3 py-2 text-sm text-text-primary placeholder:text-text-tertiary"
          />
        </div>
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-text-primary">
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            className="block rounded-md border border-gray-300 bg-surface px-3 py-2 text-sm text-text-primary"
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-surface px-4 py-6 text-center text-text-secondary">
          No orders match this search.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Orders">
          {shown.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              onDownload={(target) => void download(target)}
              isDownloading={pendingId === order.id}
              isInitiallyOpen={order.id === openId}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
