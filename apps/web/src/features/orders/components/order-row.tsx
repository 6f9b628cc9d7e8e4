import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { parseFilterTree, summarizeFilterTree, type DashboardOrder } from '@threadcart/contracts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { deliveryOptionNames, searchTypeName, sortName } from '../order-options.ts';
import { displayStatus } from '../order-rules.ts';
import { largeOrderProgressText } from '../large-order-progress.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { RerunOrder } from './rerun-order.tsx';

const numberFormat = new Intl.NumberFormat('en-US');

/** The title an order gets when it is placed without one (docs/product.md §6.1). */
const DEFAULT_TITLE = /^Search \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** A file size in B, KB or MB (1,024 steps). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A few words from an order's stored filter tree; '' when it cannot be read. */
function summaryOf(filters: unknown): string {
  const parsed = parseFilterTree(filters);
  return parsed.ok ? summarizeFilterTree(parsed.tree) : '';
}

/** A server timestamp in the user's local time; the raw text when it is not a date. */
export function formatTimestamp(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

function OrderDetails({ order, id, onDownload, isDownloading }: OrderRowProps & { id: string }) {
  const status = displayStatus(order.status);
  return (
    <div id={id} className="space-y-3 border-t border-gray-200 px-4 py-4 text-sm">
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-text-secondary">Status</dt>
        <dd className="capitalize">{status.replace(/_/g, ' ')}</dd>
        <dt className="font-medium text-text-secondary">Query</dt>
        <dd className="font-mono text-xs break-words">{order.query_string || ORDERS_UI_MESSAGES.noQuery}</dd>
        {order.columns && order.columns.length > 0 && (
          <>
            <dt className="font-medium text-text-secondary">Columns</dt>
            <dd className="font-mono text-xs break-words">{order.columns.join(', ')}</dd>
          </>
        )}
        {deliveryOptionNames(order).length > 0 && (
          <>
            <dt className="font-medium text-text-secondary">Delivery</dt>
            <dd>{deliveryOptionNames(order).join(' · ')}</dd>
          </>
        )}
        {typeof order.records_delivered === 'number' && (
          <>
            <dt className="font-medium text-text-secondary">Records delivered</dt>
            <dd>{numberFormat.format(order.records_delivered)}</dd>
          </>
        )}
        {order.error && (
          <>
            <dt className="font-medium text-text-secondary">Note</dt>
            <dd>{order.error}</dd>
          </>
        )}
      </dl>
      <div>
        <p className="mb-1 font-medium text-text-secondary">Filters</p>
        <pre
          data-testid="order-filters"
          className="max-h-[200px] overflow-auto rounded-md bg-gray-50 p-3 font-mono text-xs text-text-primary"
        >
          {JSON.stringify(order.filters ?? {}, null, 2)}
        </pre>
      </div>
      {(order.there_is_file || status === 'completed') && (
        <div className="flex flex-wrap items-center gap-3">
          {order.there_is_file && (
            <Button variant="secondary" size="sm" isLoading={isDownloading} onClick={() => onDownload(order)}>
              {ORDERS_UI_MESSAGES.downloadFile}
            </Button>
          )}
          {status === 'completed' && (
            <Link
              to={`/orders/${encodeURIComponent(order.id)}/manifest`}
              title={ORDERS_UI_MESSAGES.manifestHint}
              className="text-sm font-medium text-primary-dark underline"
            >
              {ORDERS_UI_MESSAGES.manifest}
            </Link>
          )}
        </div>
      )}
      {(status === 'completed' || status === 'failed' || status === 'error') && <RerunOrder order={order} />}
    </div>
  );
}

interface OrderRowProps {
  order: DashboardOrder;
  onDownload: (order: DashboardOrder) => void;
  isDownloading: boolean;
  /** Opened and scrolled into view on the first render (the order-done page's link). */
  isInitiallyOpen?: boolean;
}

/** One order: title, time, type, count and status; click or Enter shows its details (docs/product.md §2.8). */
export function OrderRow(props: OrderRowProps) {
  const { order, isInitiallyOpen = false } = props;
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const rowRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (isInitiallyOpen) rowRef.current?.scrollIntoView?.({ block: 'center' });
  }, [isInitiallyOpen]);
  const size = (order.result_files ?? []).reduce((total, file) => total + file.size_bytes, 0);
  const detailsId = useId();
  const isProcessing = ['processing', 'in_progress'].includes(displayStatus(order.status));
  // An untitled order keeps its default title; a few words from its filter tell such rows apart (decision 040).
  const summary = DEFAULT_TITLE.test(order.title ?? '') ? summaryOf(order.filters) : '';
  return (
    <li
      ref={rowRef}
      className={cx(
        'overflow-hidden rounded-lg border bg-surface shadow-sm',
        isInitiallyOpen ? 'border-secondary' : 'border-gray-200',
      )}
      data-order-id={order.id}
    >
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? detailsId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full flex-wrap items-center justify-between gap-3 px-4 py-3 text-left hover:bg-gray-50"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-text-primary">
            {order.title || ORDERS_UI_MESSAGES.noTitle}
            {summary && (
              <span className="font-normal text-text-secondary" data-testid="order-summary">
                {' — '}
                {summary}
              </span>
            )}
          </span>
          <span className="mt-0.5 block text-sm text-text-secondary">
            <time dateTime={order.timestamp ?? undefined}>{formatTimestamp(order.timestamp)}</time>
            {' · '}
            {searchTypeName(order.search_type)}
            {' · '}
            {typeof order.result_count === 'number' ? numberFormat.format(order.result_count) : '—'} records
            {order.sort && order.sort !== 'top' && ` · ${sortName(order.sort)}`}
            {typeof order.sample_seed === 'number' && ` · Seed ${order.sample_seed}`}
            {order.format_type && ` · ${order.format_type.toUpperCase()}`}
            {typeof order.records_delivered === 'number' &&
              ` · ${numberFormat.format(order.records_delivered)} delivered`}
            {size > 0 && ` · ${formatBytes(size)}`}
          </span>
        </span>
        <OrderStatusBadge status={order.status} />
      </button>
      {isProcessing && (
        <div className="px-4 pb-3">
          <ProgressBar
            value={order.progress ?? 0}
            label={`Progress of ${order.title || ORDERS_UI_MESSAGES.noTitle}`}
          />
          {largeOrderProgressText(order) && (
            <p className="mt-1 text-xs text-text-secondary" data-testid="large-order-progress">
              {largeOrderProgressText(order)}
            </p>
          )}
        </div>
      )}
      {isOpen && <OrderDetails {...props} id={detailsId} />}
    </li>
  );
}
