import {
  appliesTo,
  asciiLower,
  FILTER_FIELD_DEFS,
  isFilterGroup,
  type FilterNode,
  type FilterRule,
  type FilterTree,
  type RecordType,
  type SearchType,
  type SortOrder,
} from '@threadcart/contracts';
import { admitsRemoved, prepareFilter, type PreparedNode } from '../filters/prepare.ts';
import { regexMatches, regexTextOfPost } from '../filters/regex.ts';
import { sampleStart, walkDistance } from '../filters/sample-key.ts';
import { parseKeywordQuery, type KeywordTerm } from '../filters/keyword-query.ts';
import { tokenize } from '../tokenize.ts';

/**
 * The reference semantics of the filter engine (decisions 008 and 017), written for clarity over in-memory records.
 * The SQL engine must return exactly what this returns, in the same order; the property tests hold it to that.
 * Records come as stored rows (over_18, is_deleted, is_removed) or as the search's records (nsfw, removed).
 */
interface ReferenceCommon {
  id: string;
  score: number;
  created_utc?: number;
  subreddit?: string;
  author?: string;
  over_18?: number;
  nsfw?: boolean;
  is_deleted?: number;
  is_removed?: number;
  removed?: boolean;
  /** the stored sample key (a decimal string as the search reads it; a bigint as ingest writes it) */
  sample_key?: bigint | string;
}
export interface ReferencePost extends ReferenceCommon {
  title: string;
  selftext: string;
  num_comments: number;
  post_kind?: string;
  domain?: string;
  flair?: string;
}
export interface ReferenceComment extends ReferenceCommon {
  body: string;
  replies: number;
}
export type ReferenceRecord =
  { type: 'posts'; record: ReferencePost } | { type: 'comments'; record: ReferenceComment };

const isRemoved = (r: ReferenceCommon) => r.removed ?? (r.is_deleted === 1 || r.is_removed === 1);
const isNsfw = (r: ReferenceCommon) => r.nsfw ?? r.over_18 === 1;

// 'skip': the rule (or a whole group) says nothing about this record type and is pruned.
type Verdict = boolean | 'skip';

function hasTerm(tokens: readonly string[], term: KeywordTerm): boolean {
  const n = term.tokens.length;
  for (let start = 0; start + n <= tokens.length; start += 1) {
    let ok = true;
    for (let i = 0; i < n && ok; i += 1) {
      const token = tokens[start + i]!;
      const wanted = term.tokens[i]!;
      ok = term.prefix && i === n - 1 ? token.startsWith(wanted) : token === wanted;
    }
    if (ok) return true;
  }
  return false;
}

/** Where a range rule, after preparation, lets a value through (the same bounds the SQL compares). */
function inRange(value: number, node: PreparedNode | null): boolean {
  if (!node || node.kind === 'constant') return node?.kind !== 'constant' || node.value;
  if (node.kind !== 'range') return true;
  return (node.min === null || value >= node.min) && (node.max === null || value <= node.max);
}

/** Thrown by recordMatches when its shouldStop says so before a regex rule (a caller's deadline has passed). */
export class CheckStoppedError extends Error {}

class RecordView {
  private tokenCache?: string[];
  constructor(
    readonly item: ReferenceRecord,
    readonly shouldStop?: () => boolean,
  ) {}
  /** A record whose text is gone reads as an empty text (decision 017). */
  get isTextGone(): boolean {
    return isRemoved(this.item.record);
  }
  get tokens(): string[] {
    const { item } = this;
    this.tokenCache ??= this.isTextGone
      ? []
      : tokenize(item.type === 'posts' ? `${item.record.title} ${item.record.selftext}` : item.record.body);
    return this.tokenCache;
  }
  get regexText(): string {
    if (this.isTextGone) return '';
    return this.item.type === 'posts' ? regexTextOfPost(this.item.record) : this.item.record.body;
  }
}

function rangeValue(rule: FilterRule, item: ReferenceRecord): number {
  const def = FILTER_FIELD_DEFS[rule.field];
  if (def.kind === 'date') return item.record.created_utc ?? 0;
  const column = (def as { column: Partial<Record<RecordType, string>> }).column[item.type]!;
  return Number((item.record as unknown as Record<string, unknown>)[column]);
}

function namesValue(column: 'subreddit' | 'author' | 'domain', item: ReferenceRecord): string {
  const record = item.record as ReferencePost;
  return asciiLower(record[column] ?? '');
}

function evaluateRule(rule: FilterRule, view: RecordView): Verdict {
  const { item } = view;
  if (!appliesTo(rule.field, item.type)) return 'skip';
  const def = FILTER_FIELD_DEFS[rule.field];
  switch (def.kind) {
    case 'keyword': {
      const all = parseKeywordQuery(rule.value as string).every((term) => hasTerm(view.tokens, term));
      return rule.operator === 'does_not_contain' ? !all : all;
    }
    case 'regex': {
      // One slow pattern can cost tens of ms a record: a caller with a deadline may stop between two of them.
      if (view.shouldStop?.()) throw new CheckStoppedError();
      const matched = regexMatches(rule.value as string, view.regexText);
      return rule.operator === 'regex_not_matches' ? !matched : matched;
    }
    case 'number':
    case 'date': {
      // The bounds exactly as the engine resolves them (dates to epoch seconds, whole days inclusive).
      const prepared = prepareFilter({ combinator: 'and', not: false, rules: [rule] }, item.type);
      const node = prepared?.kind === 'group' ? prepared.children[0]! : prepared;
      return inRange(rangeValue(rule, item), node);
    }
    case 'flag': {
      const isSet = def.column === 'over_18' ? isNsfw(item.record) : isRemoved(item.record);
      return isSet === rule.value;
    }
    case 'names': {
      const found = (rule.value as string[]).includes(namesValue(def.column, item));
      return rule.operator === 'in' ? found : !found;
    }
    case 'choices': {
      const found = (rule.value as string[]).includes((item.record as ReferencePost).post_kind ?? '');
      return rule.operator === 'in' ? found : !found;
    }
    case 'text': {
      const found = asciiLower((item.record as ReferencePost).flair ?? '').includes(
        asciiLower(rule.value as string),
      );
      return rule.operator === 'contains' ? found : !found;
    }
  }
}

function evaluateNode(node: FilterNode, view: RecordView): Verdict {
  if (!isFilterGroup(node)) return evaluateRule(node, view);
  const verdicts = node.rules.map((child) => evaluateNode(child, view)).filter((v) => v !== 'skip');
  if (verdicts.length === 0) return 'skip';
  const value = node.combinator === 'and' ? verdicts.every(Boolean) : verdicts.some(Boolean);
  return node.not ? !value : value;
}

/**
 * True when the record passes the tree; deleted or removed records only when the tree has a `removed` rule. With
 * shouldStop, it is asked before each regex rule and a true throws CheckStoppedError.
 */
export function recordMatches(tree: FilterTree, item: ReferenceRecord, shouldStop?: () => boolean): boolean {
  if (isRemoved(item.record) && !admitsRemoved(tree)) return false;
  return evaluateNode(tree, new RecordView(item, shouldStop)) !== false;
}

type Sortable = ReferenceCommon & { num_comments?: number; replies?: number };

/** The result order of a sort (decision 017) as a comparator; ties end on the id, so the order is total. */
export function compareForSort(sort: SortOrder, seed: number): (a: Sortable, b: Sortable) => number {
  const byId = (a: Sortable, b: Sortable) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  switch (sort) {
    case 'top':
      return (a, b) => b.score - a.score || byId(a, b);
    case 'new':
      return (a, b) => (b.created_utc ?? 0) - (a.created_utc ?? 0) || byId(b, a);
    case 'old':
      return (a, b) => (a.created_utc ?? 0) - (b.created_utc ?? 0) || byId(a, b);
    case 'most_discussed':
      return (a, b) =>
        (b.num_comments ?? b.replies ?? 0) - (a.num_comments ?? a.replies ?? 0) ||
        b.score - a.score ||
        byId(a, b);
    case 'random': {
      // The walk of the key index from the seed's start, wrapping past the largest key (decision 039).
      const start = sampleStart(seed);
      const distance = (r: Sortable) => {
        if (r.sample_key === undefined) throw new Error(`record ${r.id} has no sample key`);
        return walkDistance(BigInt(r.sample_key), start);
      };
      return (a, b) => {
        const da = distance(a);
        const db = distance(b);
        return da < db ? -1 : da > db ? 1 : byId(a, b);
      };
    }
  }
}

/** The reference answer to a count: how many records of the search type match, whole. */
export function evaluateCount(
  corpus: { posts: readonly ReferencePost[]; comments: readonly ReferenceComment[] },
  query: { filters: FilterTree; searchType: SearchType },
): number {
  const { filters, searchType } = query;
  const posts =
    searchType === 'comments'
      ? 0
      : corpus.posts.filter((record) => recordMatches(filters, { type: 'posts', record })).length;
  const comments =
    searchType === 'posts'
      ? 0
      : corpus.comments.filter((record) => recordMatches(filters, { type: 'comments', record })).length;
  return posts + comments;
}

/** The reference answer to a search: `both` gives posts ceil(n/2) and comments the rest, each side filling the other's gap. */
export function evaluateSearch<P extends ReferencePost, C extends ReferenceComment>(
  corpus: { posts: readonly P[]; comments: readonly C[] },
  query: {
    filters: FilterTree;
    searchType: SearchType;
    resultCount: number;
    sort?: SortOrder;
    sampleSeed?: number;
  },
): { posts: P[]; comments: C[] } {
  const n = query.resultCount;
  const { filters, searchType } = query;
  const compare = compareForSort(query.sort ?? 'top', query.sampleSeed ?? 0);
  const posts =
    searchType === 'comments'
      ? []
      : corpus.posts.filter((record) => recordMatches(filters, { type: 'posts', record })).sort(compare);
  const comments =
    searchType === 'posts'
      ? []
      : corpus.comments
          .filter((record) => recordMatches(filters, { type: 'comments', record }))
          .sort(compare);
  let postCount =
    searchType === 'both' ? Math.min(Math.ceil(n / 2), posts.length) : Math.min(n, posts.length);
  const commentCount = Math.min(n - postCount, comments.length);
  if (searchType === 'both') postCount = Math.min(n - commentCount, posts.length);
  return { posts: posts.slice(0, postCount), comments: comments.slice(0, commentCount) };
}
