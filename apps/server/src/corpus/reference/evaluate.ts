import {
  isFilterGroup,
  type FilterNode,
  type FilterRule,
  type FilterTree,
  type SearchType,
} from '@threadcart/contracts';
import { parseKeywordQuery, type KeywordTerm } from '../filters/keyword-query.ts';
import { regexMatches, regexTextOfPost } from '../filters/regex.ts';
import { tokenize } from '../tokenize.ts';

/**
 * The reference semantics of the filter engine (decision 008), written for clarity over in-memory records. The SQL
 * engine must return exactly what this returns, in the same order; the property test holds it to that.
 */
export interface ReferencePost {
  id: string;
  title: string;
  selftext: string;
  score: number;
  num_comments: number;
  is_deleted?: number;
  is_removed?: number;
}
export interface ReferenceComment {
  id: string;
  body: string;
  score: number;
  replies: number;
  is_deleted?: number;
  is_removed?: number;
}
export type ReferenceRecord =
  { type: 'posts'; record: ReferencePost } | { type: 'comments'; record: ReferenceComment };

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

function compare(
  value: number,
  rule: Extract<FilterRule, { field: 'upvotes' | 'comments' | 'replies' }>,
): boolean {
  switch (rule.operator) {
    case 'between':
      return (
        (rule.value[0] === null || value >= rule.value[0]) &&
        (rule.value[1] === null || value <= rule.value[1])
      );
    case '>':
      return value > rule.value;
    case '>=':
      return value >= rule.value;
    case '<':
      return value < rule.value;
    case '<=':
      return value <= rule.value;
    case '=':
      return value === rule.value;
  }
}

class RecordView {
  private tokenCache?: string[];
  constructor(readonly item: ReferenceRecord) {}
  get tokens(): string[] {
    const { item } = this;
    this.tokenCache ??= tokenize(
      item.type === 'posts' ? `${item.record.title} ${item.record.selftext}` : item.record.body,
    );
    return this.tokenCache;
  }
  get regexText(): string {
    return this.item.type === 'posts' ? regexTextOfPost(this.item.record) : this.item.record.body;
  }
}

function evaluateRule(rule: FilterRule, view: RecordView): Verdict {
  const { item } = view;
  switch (rule.field) {
    case 'keyword': {
      const all = parseKeywordQuery(rule.value).every((term) => hasTerm(view.tokens, term));
      return rule.operator === 'does_not_contain' ? !all : all;
    }
    case 'regex': {
      const matched = regexMatches(rule.value, view.regexText);
      return rule.operator === 'regex_not_matches' ? !matched : matched;
    }
    case 'upvotes':
      return item.type === 'posts' ? compare(item.record.score, rule) : 'skip';
    case 'comments':
      return item.type === 'posts' ? compare(item.record.num_comments, rule) : 'skip';
    case 'replies':
      return item.type === 'comments' ? compare(item.record.replies, rule) : 'skip';
  }
}

function evaluateNode(node: FilterNode, view: RecordView): Verdict {
  if (!isFilterGroup(node)) return evaluateRule(node, view);
  const verdicts = node.rules.map((child) => evaluateNode(child, view)).filter((v) => v !== 'skip');
  if (verdicts.length === 0) return 'skip';
  const value = node.combinator === 'and' ? verdicts.every(Boolean) : verdicts.some(Boolean);
  return node.not ? !value : value;
}

/** True when the record passes the tree; deleted or removed records never do. */
export function recordMatches(tree: FilterTree, item: ReferenceRecord): boolean {
  if (item.record.is_deleted || item.record.is_removed) return false;
  return evaluateNode(tree, new RecordView(item)) !== false;
}

const byScoreThenId = (a: { score: number; id: string }, b: { score: number; id: string }) =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function sortedMatches<T extends { id: string; score: number }>(
  records: readonly T[],
  matches: (r: T) => boolean,
): T[] {
  return records.filter(matches).sort(byScoreThenId);
}

/** The reference answer to a search: `both` gives posts ceil(n/2) and comments the rest, each side filling the other's gap. */
export function evaluateSearch<P extends ReferencePost, C extends ReferenceComment>(
  corpus: { posts: readonly P[]; comments: readonly C[] },
  query: { filters: FilterTree; searchType: SearchType; resultCount: number },
): { posts: P[]; comments: C[] } {
  const n = query.resultCount;
  const { filters, searchType } = query;
  const posts =
    searchType === 'comments'
      ? []
      : sortedMatches(corpus.posts, (record) => recordMatches(filters, { type: 'posts', record }));
  const comments =
    searchType === 'posts'
      ? []
      : sortedMatches(corpus.comments, (record) => recordMatches(filters, { type: 'comments', record }));
  let postCount =
    searchType === 'both' ? Math.min(Math.ceil(n / 2), posts.length) : Math.min(n, posts.length);
  const commentCount = Math.min(n - postCount, comments.length);
  if (searchType === 'both') postCount = Math.min(n - commentCount, posts.length);
  return { posts: posts.slice(0, postCount), comments: comments.slice(0, commentCount) };
}
