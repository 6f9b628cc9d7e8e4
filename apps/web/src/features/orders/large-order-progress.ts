import type { DashboardOrder } from '@threadcart/contracts';

const numberFormat = new Intl.NumberFormat('en-US');

/** About how long is left, in words: seconds under a minute, minutes under two hours, then hours. */
export function formatEta(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} seconds left`;
  if (seconds < 7_200) return `about ${Math.round(seconds / 60)} minutes left`;
  return `about ${Math.round(seconds / 3_600)} hours left`;
}

/**
 * A running large order's progress line on the dashboard (docs/decisions/045-large-orders.md): records written of
 * those ordered and, once the worker knows its rate, the time left; null for any other order.
 */
export function largeOrderProgressText(order: DashboardOrder): string | null {
  if (order.size !== 'large' || typeof order.result_count !== 'number') return null;
  const written = order.records_written ?? 0;
  const text = `${numberFormat.format(written)} of ${numberFormat.format(order.result_count)} records written`;
  return typeof order.eta_seconds === 'number' ? `${text} · ${formatEta(order.eta_seconds)}` : text;
}
