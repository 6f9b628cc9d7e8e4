import { formatCents } from '@threadcart/contracts';

/**
 * The app's formats (as on the credits and dashboard pages): numbers "1,000", dates in the browser's time zone
 * ("Dec 22, 2026"), times with the browser's locale.
 */
const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "+1,000" or "-250": a signed change of the balance. */
export function formatDelta(value: number): string {
  return `${value > 0 ? '+' : ''}${numberFormat.format(value)}`;
}

export function formatDate(value: string): string {
  return dateFormat.format(new Date(value));
}

/** A server timestamp in local time; "—" when there is none. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

/** "$5.00" for USD (the only currency today), "5.00 EUR" otherwise. */
export function formatMoney(cents: number, currency: string): string {
  return currency === 'USD' ? `$${formatCents(cents)}` : `${formatCents(cents)} ${currency}`;
}

/** "1.2 MB" */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
