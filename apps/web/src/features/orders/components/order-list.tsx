import type { DashboardOrder } from '@threadcart/contracts';
import { useDownloadOrder } from '../api/download-order-file.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { OrderRow } from './order-row.tsx';

/** The orders, newest first, or the empty state of docs/product.md §2.8. */
export function OrderList({ orders }: { orders: DashboardOrder[] }) {
  const { download, pendingId } = useDownloadOrder();
  if (orders.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 bg-surface px-4 py-10 text-center text-text-secondary">
        {ORDERS_UI_MESSAGES.emptyList}
      </p>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Orders">
      {orders.map((order) => (
        <OrderRow
          key={order.id}
          order={order}
          onDownload={(target) => void download(target)}
          isDownloading={pendingId === order.id}
        />
      ))}
    </ul>
  );
}
