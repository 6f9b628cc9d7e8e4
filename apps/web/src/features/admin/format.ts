import { formatCents } from '@threadcart/contracts';
import { getDetail, classifyError } from '../../lib/api-error.ts';

const numberFormat = new Intl.NumberFormat('en-US');

export const formatNumber = (value: number) => numberFormat.format(value);

/** "$5.00" for USD, "5.00 EUR" otherwise. */
export const formatMoney = (cents: number, currency = 'USD') =>
  currency === 'USD' ? `$${formatCents(cents)}` : `${formatCents(cents)} ${currency}`;

/** A server timestamp in local time; "—" when there is none. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

/** What the server said went wrong, else a generic line. */
export function errorText(error: unknown): string {
  const failure = classifyError(error);
  if (failure.kind === 'response') {
    const detail = getDetail(failure.data);
    if (detail) return detail;
    const reason = (failure.data as { reason?: unknown } | undefined)?.reason;
    if (Array.isArray(reason) && typeof reason[0] === 'string') return reason[0];
  }
  return 'Something went wrong. Please try again.';
}
