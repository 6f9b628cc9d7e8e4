import type { FormatType, ScheduleCadence, SearchType, SortOrder } from '@threadcart/contracts';
import { columnsPayload } from './order-columns.ts';

/** The Content Type select (spec §2). */
export const CONTENT_TYPE_OPTIONS: readonly { value: SearchType; label: string }[] = [
  { value: 'posts', label: 'Posts Only' },
  { value: 'comments', label: 'Comments Only' },
  { value: 'both', label: 'Both Posts and Comments' },
];

/** The Output Format select (spec §2). */
export const FORMAT_OPTIONS: readonly { value: FormatType; label: string }[] = [
  { value: 'json', label: 'JSON (.json)' },
  { value: 'csv', label: 'CSV (.csv)' },
  { value: 'xlsx', label: 'Excel (.xlsx)' },
  { value: 'ndjson', label: 'NDJSON (.ndjson)' },
  { value: 'parquet', label: 'Parquet (.parquet)' },
];

/** The Sort select (docs/decisions/017-filter-fields.md), in SORT_ORDERS order. */
export const SORT_OPTIONS: readonly { value: SortOrder; label: string }[] = [
  { value: 'top', label: 'Top (highest score first)' },
  { value: 'new', label: 'Newest first' },
  { value: 'old', label: 'Oldest first' },
  { value: 'most_discussed', label: 'Most discussed' },
  { value: 'random', label: 'Random sample' },
];

/** A sort as the dashboard names it. */
export const sortName = (value: string) =>
  SORT_OPTIONS.find((option) => option.value === value)?.label ?? value;

const SEARCH_TYPE_NAMES: Record<string, string> = {
  posts: 'Posts',
  comments: 'Comments',
  both: 'Posts and comments',
};

/** A search type as the dashboard shows it. */
export const searchTypeName = (value: string | null | undefined) =>
  value ? (SEARCH_TYPE_NAMES[value] ?? value) : '—';

export const contentTypeLabel = (value: SearchType) =>
  CONTENT_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;

/** The options an order and its dry run send: the sort always, the seed with random only, columns when changed. */
export function orderOptionsPayload(options: {
  searchType: SearchType;
  sort: SortOrder;
  sampleSeed: string;
  columns: string[] | null;
}): { sort: SortOrder; sample_seed?: number; columns?: string[] } {
  const seed = options.sampleSeed.trim();
  const columns = columnsPayload(options.columns, options.searchType);
  return {
    sort: options.sort,
    // A seed the server refuses (a fraction, a negative) comes back as its field message.
    ...(options.sort === 'random' && seed !== '' ? { sample_seed: Number(seed) } : {}),
    ...(columns ? { columns } : {}),
  };
}

/** The Repeat select: once, or a schedule (docs/decisions/030-webhooks-and-schedules.md). */
export const REPEAT_OPTIONS: readonly { value: ScheduleCadence | ''; label: string }[] = [
  { value: '', label: 'Once' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];
