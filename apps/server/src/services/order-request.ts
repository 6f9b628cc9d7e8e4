import { randomInt } from 'node:crypto';
import {
  checkThreadOptions,
  countFilterRules,
  describeFilterTree,
  ORDER_MESSAGES,
  resolveFileColumns,
  SAMPLE_SEED_MAX,
  type FileColumns,
  type SortOrder,
  type CreateOrderRequest,
  type FilterTree,
  type FormatType,
  type SearchType,
} from '@threadcart/contracts';
import { FieldErrors } from '../errors.ts';
import { parseSearchFilters } from './corpus-search.service.ts';

export interface ValidOrderRequest {
  readonly title: string;
  readonly searchType: SearchType;
  readonly formatType: FormatType;
  readonly resultCount: number;
  readonly filters: FilterTree;
  readonly queryString: string;
  readonly sort: SortOrder;
  /** random only; the seed the request gave, or one picked here */
  readonly sampleSeed: number | null;
  /** the chosen columns as sent (null = the default layout) and what each record type gets */
  readonly columns: readonly string[] | null;
  readonly fileColumns: FileColumns;
  /** leave out the records the user received in earlier orders (docs/decisions/029) */
  readonly excludePurchased: boolean;
  /** comments come with their thread context; posts with up to includeComments top comments (0: none) */
  readonly includeContext: boolean;
  readonly includeComments: number;
}

/**
 * The checks zod cannot make on an order payload: an empty tree (the message of docs/product.md §10.8), every rule of
 * the tree (named in the message), RE2 patterns; and the title fallback "Search YYYY-MM-DD HH:mm" (UTC on the server;
 * the web form sends the user's local time).
 */
export function validateOrderRequest(
  body: CreateOrderRequest,
  now: Date,
  pickSeed: () => number = randomSeed,
): ValidOrderRequest {
  if (isEmptyTree(body.filters)) throw new FieldErrors({ filters: [ORDER_MESSAGES.addFilter] });
  const filters = parseSearchFilters(body.filters);
  if (countFilterRules(filters) === 0) throw new FieldErrors({ filters: [ORDER_MESSAGES.addFilter] });
  const sort = body.sort;
  const hasSeed = body.sample_seed !== null && body.sample_seed !== undefined;
  if (hasSeed && sort !== 'random')
    throw new FieldErrors({ sample_seed: [ORDER_MESSAGES.sampleSeedWithoutRandom] });
  const fileColumns = resolveFileColumns(body.search_type, body.columns);
  if ('error' in fileColumns) throw new FieldErrors({ columns: [fileColumns.error] });
  const threadErrors = checkThreadOptions(body);
  if (Object.keys(threadErrors).length > 0) throw new FieldErrors(threadErrors);
  const title = body.title?.trim() || `Search ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
  return {
    title,
    searchType: body.search_type,
    formatType: body.format_type,
    resultCount: body.result_count,
    filters,
    queryString: describeFilterTree(filters),
    sort,
    sampleSeed: sort === 'random' ? (hasSeed ? body.sample_seed! : pickSeed()) : null,
    columns: body.columns ?? null,
    fileColumns,
    excludePurchased: body.exclude_purchased,
    includeContext: body.include_context,
    includeComments: body.include_comments,
  };
}

/** A seed for a random sample when the request gives none: any of 0 … SAMPLE_SEED_MAX, uniformly. */
function randomSeed(): number {
  return randomInt(0, SAMPLE_SEED_MAX + 1);
}

function isEmptyTree(filters: unknown): boolean {
  if (filters === undefined || filters === null) return true;
  if (typeof filters !== 'object') return false;
  const group = filters as { rules?: unknown; items?: unknown };
  const children = group.rules ?? group.items;
  return Array.isArray(children) && children.length === 0;
}
