import {
  threadOptionsFor,
  type FormatType,
  type ScheduleCadence,
  type SearchType,
  type SortOrder,
  type AuthorMode,
  type PseudonymScope,
  type ScrubKind,
} from '@threadcart/contracts';
import { columnsPayload } from './order-columns.ts';

/** The Content Type select (docs/product.md §2.9). */
export const CONTENT_TYPE_OPTIONS: readonly { value: SearchType; label: string }[] = [
  { value: 'posts', label: 'Posts Only' },
  { value: 'comments', label: 'Comments Only' },
  { value: 'both', label: 'Both Posts and Comments' },
];

/** The Output Format select (docs/product.md §2.9). */
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

/** The delivery options an order sends (docs/decisions/029), each only when it is on and applies to the order. */
export interface DeliveryOptionsPayload {
  exclude_purchased?: true;
  include_context?: true;
  include_comments?: number;
  /** privacy (docs/decisions/036): sent only when not the default */
  authors?: AuthorMode;
  pseudonyms?: PseudonymScope;
  scrub?: ScrubKind[];
}

/**
 * The options an order and its dry run send: the sort always, the seed with random only, columns when changed, and
 * the delivery options only when on (and, for thread context and top comments, only where they apply).
 */
export function orderOptionsPayload(options: {
  searchType: SearchType;
  formatType: FormatType;
  sort: SortOrder;
  sampleSeed: string;
  columns: string[] | null;
  excludePurchased: boolean;
  includeContext: boolean;
  includeComments: string;
  authors?: AuthorMode;
  pseudonyms?: PseudonymScope;
  scrub?: ScrubKind[];
}): { sort: SortOrder; sample_seed?: number; columns?: string[] } & DeliveryOptionsPayload {
  const seed = options.sampleSeed.trim();
  const columns = columnsPayload(options.columns, options.searchType);
  const applies = threadOptionsFor(options.searchType, options.formatType);
  const topComments = options.includeComments.trim();
  return {
    sort: options.sort,
    // A seed the server refuses (a fraction, a negative) comes back as its field message.
    ...(options.sort === 'random' && seed !== '' ? { sample_seed: Number(seed) } : {}),
    ...(columns ? { columns } : {}),
    ...(options.excludePurchased ? { exclude_purchased: true as const } : {}),
    ...(applies.includeContext && options.includeContext ? { include_context: true as const } : {}),
    // Likewise a number of top comments the server refuses (past 50, a fraction) comes back as its message.
    ...(applies.includeComments && topComments !== '' && Number(topComments) !== 0
      ? { include_comments: Number(topComments) }
      : {}),
    ...(options.authors && options.authors !== 'as_is' ? { authors: options.authors } : {}),
    ...(options.authors === 'pseudonymised' && options.pseudonyms === 'per_account'
      ? { pseudonyms: 'per_account' as const }
      : {}),
    ...(options.scrub && options.scrub.length > 0 ? { scrub: [...options.scrub] } : {}),
  };
}

/** The delivery options of an order as the dashboard names them; empty when none is on. */
export function deliveryOptionNames(order: {
  exclude_purchased?: boolean | null;
  include_context?: boolean | null;
  include_comments?: number | null;
}): string[] {
  return [
    ...(order.exclude_purchased ? ['Only records not received before'] : []),
    ...(order.include_context ? ['Thread context'] : []),
    ...(order.include_comments ? [`Top ${order.include_comments} comments per post`] : []),
  ];
}

/** The Repeat select: once, or a schedule (docs/decisions/030-webhooks-and-schedules.md). */
export const REPEAT_OPTIONS: readonly { value: ScheduleCadence | ''; label: string }[] = [
  { value: '', label: 'Once' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];
