import { resolveFileColumns, type Compression, type FileColumns } from '@threadcart/contracts';
import type { Deps } from '../../../deps.ts';
import type { OrderRow } from '../../../db/tables/orders.tables.ts';
import type { AnyRecord } from '../../../corpus/records.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { findRecordBuyerId } from '../../../db/repositories/orders/delivered-records.repository.ts';
import type { OrderPrivacy } from '../../../exports/privacy/order-privacy.ts';
import type { Section } from '../../../exports/text-encoding.ts';
import { countMatches } from '../../corpus/search/corpus-search.service.ts';
import { prepareTypeSearch, type TypeSearch } from '../../corpus/search/type-search.ts';
import { withThreadContext } from '../thread-context.service.ts';
import { COMPRESSIBLE_FORMATS } from '../order-request.ts';

/** What a large order's fulfilment needs of its search: each section's compiled side and the posts' share. */
export interface LargeSearch {
  readonly searchOf: (section: Section) => TypeSearch;
  /** how many posts the file holds: result_count for posts, none for comments, a `both` order's share */
  readonly postsTarget: () => Promise<number>;
}

/**
 * The order's search, compiled once per section, in the order's sort. For `both`, posts get what comments leave of
 * result_count once comments take their floor(n/2) share or all their matches (decision 008's split, worked out
 * before the posts are written: comments are counted up to their share, never listed).
 */
export async function prepareLargeSearch(deps: Deps, order: OrderRow): Promise<LargeSearch> {
  const filters = parseFilterTreeWithRe2(JSON.parse(order.filters));
  const excludeBuyerId =
    Number(order.exclude_purchased) === 1 ? await findRecordBuyerId(deps.db, order.user_id) : undefined;
  const resultOrder = { sort: order.sort, seed: order.sample_seed === null ? 0 : Number(order.sample_seed) };
  const searches = new Map<Section, TypeSearch>();
  const n = Number(order.result_count);
  return {
    searchOf: (section) => {
      const search =
        searches.get(section) ?? prepareTypeSearch(deps.db, filters, section, resultOrder, excludeBuyerId);
      searches.set(section, search);
      return search;
    },
    postsTarget: async () => {
      if (order.search_type === 'posts') return n;
      if (order.search_type === 'comments') return 0;
      const share = Math.floor(n / 2);
      const query = { filters, searchType: 'comments' as const, excludeBuyerId };
      const comments = await countMatches(deps.db, query, share);
      return n - Math.min(comments.count, share);
    },
  };
}

/**
 * A chunk of one section's records as the file holds them: thread context added and the privacy options applied
 * (docs/decisions/029, 036), one chunk at a time.
 */
export function transformRecords(
  deps: Deps,
  order: OrderRow,
  privacy: OrderPrivacy,
  section: Section,
  records: AnyRecord[],
): AsyncIterable<AnyRecord> | Iterable<AnyRecord> {
  const options = {
    includeContext: Number(order.include_context) === 1,
    includeComments: Number(order.include_comments),
    format: order.format_type,
  };
  if (section === 'posts') {
    const input = { posts: records as never[], comments: [] };
    return privacy.posts(withThreadContext(deps.db, input, options).posts);
  }
  const input = { posts: [], comments: records as never[] };
  return privacy.comments(withThreadContext(deps.db, input, options).comments);
}

/**
 * Whether a restart resumes the order after its last part: its file is text (JSON, NDJSON, CSV: parts of it
 * joined are the file) and its pseudonyms do not come from a per-order secret, which is never stored (decision 036).
 * Parquet and XLSX orders, and per-order pseudonyms, start again from the first record.
 */
export function isResumable(order: OrderRow): boolean {
  const isPerOrderSecret = order.authors === 'pseudonymised' && order.pseudonyms === 'per_order';
  return COMPRESSIBLE_FORMATS.includes(order.format_type) && !isPerOrderSecret;
}

/** The order's compression (none for Parquet and XLSX). */
export const compressionOf = (order: OrderRow): Compression => order.compression ?? 'none';

/** The stored column choice, resolved again (it was checked when the order was placed). */
export function fileColumnsOf(order: OrderRow): FileColumns {
  const resolved = resolveFileColumns(
    order.search_type,
    order.columns === null ? null : (JSON.parse(order.columns) as string[]),
  );
  if ('error' in resolved)
    throw new Error(`Order ${order.id} has columns that no longer resolve: ${resolved.error}`);
  return resolved;
}
