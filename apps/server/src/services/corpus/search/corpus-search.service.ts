import type { FilterTree, SearchType, SortOrder } from '@threadcart/contracts';
import type { Db } from '../../../db/database.ts';
import type { CommentRecord, PostRecord } from '../../../corpus/records.ts';
import {
  countType,
  listType,
  prepareTypeSearch,
  TOP,
  type SearchLimits,
  type TypeSearch,
} from './type-search.ts';
import { estimateType, shareLimits, type Estimate } from './estimate.ts';
import type { RecordType } from '../../../corpus/filters/prepare.ts';
import { findStorageExtent } from '../../../db/repositories/corpus/search/corpus-search.repository.ts';

export type { CommentRecord, PostRecord } from '../../../corpus/records.ts';
export type { SearchLimits } from './type-search.ts';

export interface SearchQuery {
  /** canonical: parsed once at the edge (the request schema, or the worker reading the stored order) */
  readonly filters: FilterTree;
  readonly searchType: SearchType;
  readonly resultCount: number;
  /** the result order (default top: score, then id) */
  readonly sort?: SortOrder;
  /** random only: the sample's seed */
  readonly sampleSeed?: number;
  /** leave out the records this buyer received in earlier orders (docs/decisions/029) */
  readonly excludeBuyerId?: number;
}

const typesOf = (searchType: SearchType): RecordType[] =>
  searchType === 'posts' ? ['posts'] : searchType === 'comments' ? ['comments'] : ['posts', 'comments'];

/**
 * Runs an order's query: the best `resultCount` matches in its order (decision 017). For `both`, posts get ceil(n/2) and
 * comments the rest, and a side with too few matches leaves its share to the other (decision 008). Past the
 * deadline it returns what it found with `isComplete` false; an aborted signal throws.
 */
export async function searchCorpus(
  db: Db,
  query: SearchQuery,
  limits: SearchLimits = {},
): Promise<{ posts: PostRecord[]; comments: CommentRecord[]; isComplete: boolean }> {
  const n = Math.max(0, Math.floor(query.resultCount));
  const plans = new Map<RecordType, TypeSearch>();
  const search = async <T extends RecordType>(type: T, limit: number) => {
    const order = { sort: query.sort ?? 'top', seed: query.sampleSeed ?? 0 };
    const plan = plans.get(type) ?? prepareTypeSearch(db, query.filters, type, order, query.excludeBuyerId);
    plans.set(type, plan);
    return listType<T>(db, plan, limit, limits);
  };
  if (query.searchType === 'posts') {
    const posts = await search('posts', n);
    return { posts: posts.records, comments: [], isComplete: posts.isComplete };
  }
  if (query.searchType === 'comments') {
    const comments = await search('comments', n);
    return { posts: [], comments: comments.records, isComplete: comments.isComplete };
  }
  const postShare = Math.ceil(n / 2);
  let posts = await search('posts', postShare);
  const comments = await search('comments', n - posts.records.length);
  if (
    posts.isComplete &&
    posts.records.length === postShare &&
    posts.records.length + comments.records.length < n
  )
    posts = await search('posts', n - comments.records.length);
  return {
    posts: posts.records,
    comments: comments.records,
    isComplete: posts.isComplete && comments.isComplete,
  };
}

/** A count's or an estimate's side of a query: the order does not matter to them, the exclusion does. */
const prepareQuery = (db: Db, query: Omit<SearchQuery, 'resultCount'>, type: RecordType) =>
  prepareTypeSearch(db, query.filters, type, TOP, query.excludeBuyerId);

/**
 * How many records match, exact up to `cap` (beyond it the count is `cap` and `isCapped` is true). Past the
 * deadline `isComplete` is false and the count is what was counted so far (a lower bound).
 */
export async function countMatches(
  db: Db,
  query: Omit<SearchQuery, 'resultCount'>,
  cap: number,
  limits: SearchLimits = {},
): Promise<{ count: number; isCapped: boolean; isComplete: boolean }> {
  let total = 0;
  let isComplete = true;
  for (const type of typesOf(query.searchType)) {
    const counted = await countType(db, prepareQuery(db, query, type), cap + 1 - total, limits);
    total += counted.count;
    isComplete &&= counted.isComplete;
    if (total > cap || !isComplete) break;
  }
  return { count: Math.min(total, cap), isCapped: total > cap, isComplete: isComplete || total > cap };
}

/** One record type's count: exact when `isComplete`, else what was counted before the deadline (a lower bound). */
export interface TypeCount {
  readonly type: RecordType;
  readonly count: number;
  readonly isComplete: boolean;
}

/**
 * How many records of each type match, each type counted on its own within the same deadline, so that one counted
 * exactly stays exact when the other runs out of time (decision 046). Counting stops once the total passes `cap`
 * (isCapped): the types not counted then are left out.
 */
export async function countMatchesByType(
  db: Db,
  query: Omit<SearchQuery, 'resultCount'>,
  cap: number,
  limits: SearchLimits = {},
): Promise<{ types: TypeCount[]; isCapped: boolean }> {
  const types: TypeCount[] = [];
  let total = 0;
  for (const type of typesOf(query.searchType)) {
    const counted = await countType(db, prepareQuery(db, query, type), cap + 1 - total, limits);
    types.push({ type, ...counted });
    total += counted.count;
    if (total > cap) return { types, isCapped: true };
  }
  return { types, isCapped: false };
}

/**
 * An estimate of how many records match, from a random sample of each type (a 95 % range), in all and per type. The
 * types share the time by their size (shareLimits): the first type sampled once took it all and left the second one
 * a few pages.
 */
export async function estimateMatches(
  db: Db,
  query: Omit<SearchQuery, 'resultCount'>,
  limits: SearchLimits = {},
): Promise<Estimate & { byType: Map<RecordType, Estimate> }> {
  const types = typesOf(query.searchType);
  const extents = [];
  for (const type of types) extents.push(await findStorageExtent(db, type));
  const sizes = extents.map((extent) => Math.max(1, extent.units * extent.rowsPerUnit));
  const total = { value: 0, low: 0, high: 0, byType: new Map<RecordType, Estimate>() };
  for (const [i, type] of types.entries()) {
    const share = sizes[i]! / sizes.slice(i).reduce((sum, size) => sum + size, 0);
    const estimate = await estimateType(
      db,
      prepareQuery(db, query, type),
      extents[i]!,
      shareLimits(limits, share),
    );
    total.value += estimate.value;
    total.low += estimate.low;
    total.high += estimate.high;
    total.byType.set(type, estimate);
  }
  return total;
}
