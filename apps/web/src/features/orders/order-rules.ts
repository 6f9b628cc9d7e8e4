import {
  LARGE_RESULT_COUNT_DEFAULT_MAX,
  ORDER_MESSAGES,
  RESULT_COUNT_MAX,
  RESULT_COUNT_MIN,
} from '@threadcart/contracts';
import type { BadgeTone } from '../../components/ui/badge.tsx';

/** The form's starting record count (docs/product.md §11.1: form default 100). */
export const DEFAULT_RECORD_COUNT = 100;

/**
 * The record count as typed (docs/product.md §2.9: a whole number from 1 to 1,000), or null when it is not one. The
 * form says what is allowed instead of changing what was typed (no silent clamp: docs/decisions/032).
 */
export function parseRecordCount(raw: string, isLarge = false): number | null {
  if (!/^\s*\d+\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n >= RESULT_COUNT_MIN && n <= recordCountMax(isLarge) ? n : null;
}

/** The most records the form takes: 1,000, or a large order's 1,000,000 (docs/decisions/045-large-orders.md). */
export const recordCountMax = (isLarge: boolean) =>
  isLarge ? LARGE_RESULT_COUNT_DEFAULT_MAX : RESULT_COUNT_MAX;

/** What the count box says when it holds something else: the spec's message, or a large order's. */
export const recordCountMessage = (isLarge: boolean) =>
  isLarge ? ORDER_MESSAGES.largeResultCount(LARGE_RESULT_COUNT_DEFAULT_MAX) : ORDER_MESSAGES.resultCount;

const pad = (n: number) => String(n).padStart(2, '0');

/** The title an order gets when none is typed: "Search YYYY-MM-DD HH:mm" in local time (docs/product.md §6.1). */
export function defaultOrderTitle(now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `Search ${date} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** The typed title, or the generated one when it is blank. */
export function resolveOrderTitle(typed: string, now: Date): string {
  return typed.trim() || defaultOrderTitle(now);
}

/** An unset status reads as pending (docs/product.md §6.2). */
export function displayStatus(status: string | null | undefined): string {
  return status && status.trim() !== '' ? status : 'pending';
}

/**
 * Badge colour per status (docs/product.md §6.2): completed green, processing warning, failed danger, the rest
 * neutral.
 */
export function statusTone(status: string | null | undefined): BadgeTone {
  switch (displayStatus(status)) {
    case 'completed':
      return 'success';
    case 'processing':
    case 'in_progress':
      return 'warning';
    case 'failed':
    case 'error':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** True while an order may still change on its own (the dashboard keeps polling). */
export function isActiveStatus(status: string | null | undefined): boolean {
  const value = displayStatus(status);
  return value === 'pending' || value === 'processing' || value === 'in_progress';
}
