import type { FormatType, SearchType } from '@threadcart/contracts';

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
];

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
