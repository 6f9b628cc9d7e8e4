import {
  PREVIEW_MATCH_CAP,
  type FilterTree,
  type FilterTreeInput,
  type SearchType,
} from '@threadcart/contracts';
import { checkFilterTree } from '../corpus/filters/check-filters.ts';
import { prepareFilter, type RecordType } from '../corpus/filters/prepare.ts';
import { recordMatches } from '../corpus/reference/evaluate.ts';
import type { Db } from '../db/database.ts';
import { countMatchingRecords, listMatchingRecords } from '../db/repositories/corpus-search.repository.ts';
import { FieldErrors } from '../errors.ts';
import type { CommentRecord, PostRecord } from '../exports/records.ts';

export type { CommentRecord, PostRecord } from '../exports/records.ts';

export interface SearchQuery {
  /** Any accepted payload form; it is (re)checked here, so a stored canonical tree works as well. */
  readonly filters: FilterTree | FilterTreeInput;
  readonly searchType: SearchType;
  readonly resultCount: number;
}

/** Checks a filter tree (structure, limits, RE2 patterns) and returns it canonical; a 400 `{filters: [...]}` otherwise. */
export function parseSearchFilters(input: unknown): FilterTree {
  const result = checkFilterTree(input);
  if (!result.ok) throw new FieldErrors({ filters: result.errors });
  return result.tree;
}

function search<T extends RecordType>(db: Db, tree: FilterTree, type: T, limit: number) {
  const node = prepareFilter(tree, type);
  return listMatchingRecords(db, type, node, limit, (record) =>
    recordMatches(
      tree,
      type === 'posts'
        ? { type: 'posts', record: record as PostRecord }
        : { type: 'comments', record: record as CommentRecord },
    ),
  );
}

/**
 * Runs an order's query: the best `resultCount` matches by score then id. For `both`, posts get ceil(n/2) and
 * comments the rest, and a side with too few matches leaves its share to the other (decision 008).
 */
export async function searchCorpus(
  db: Db,
  query: SearchQuery,
): Promise<{ posts: PostRecord[]; comments: CommentRecord[] }> {
  const tree = parseSearchFilters(query.filters);
  const n = Math.max(0, Math.floor(query.resultCount));
  if (query.searchType === 'posts') return { posts: await search(db, tree, 'posts', n), comments: [] };
  if (query.searchType === 'comments') return { posts: [], comments: await search(db, tree, 'comments', n) };
  const postShare = Math.ceil(n / 2);
  let posts = await search(db, tree, 'posts', postShare);
  const comments = await search(db, tree, 'comments', n - posts.length);
  if (posts.length === postShare && posts.length + comments.length < n)
    posts = await search(db, tree, 'posts', n - comments.length);
  return { posts, comments };
}

/** How many records match, exact up to `cap`; beyond it the count is `cap` and `isCapped` is true. */
export async function countMatches(
  db: Db,
  query: Omit<SearchQuery, 'resultCount'>,
  cap: number = PREVIEW_MATCH_CAP,
): Promise<{ count: number; isCapped: boolean }> {
  const tree = parseSearchFilters(query.filters);
  const count = async (type: RecordType, limit: number) =>
    countMatchingRecords(db, type, prepareFilter(tree, type), limit, (record) =>
      recordMatches(tree, { type, record } as Parameters<typeof recordMatches>[1]),
    );
  const posts = query.searchType === 'comments' ? 0 : await count('posts', cap + 1);
  const comments = query.searchType === 'posts' ? 0 : await count('comments', cap + 1 - posts);
  const total = posts + comments;
  return { count: Math.min(total, cap), isCapped: total > cap };
}
