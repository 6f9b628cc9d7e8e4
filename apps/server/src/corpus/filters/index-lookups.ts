import type { KeywordTerm } from './keyword-query.ts';
import type { PreparedNode } from './prepare.ts';
import type { LiteralQuery } from './regex-literals.ts';

/**
 * A set of rows an index can list without reading the rows, that holds every match of a filter (a superset): the
 * search drives from the smallest such set when it is small (docs/decisions/016-search-at-scale.md).
 */
export type IndexLookup =
  /** records with every term (the full-text index; phrases loosened to their words) */
  | { readonly kind: 'words'; readonly terms: readonly KeywordTerm[] }
  /** records whose regex text holds the literals (the trigram index) */
  | { readonly kind: 'trigrams'; readonly literals: LiteralQuery }
  /** records with a count in a range above zero (the partial count indexes) */
  | {
      readonly kind: 'count';
      readonly column: 'num_comments' | 'replies';
      readonly min: number;
      readonly max: number | null;
    }
  /** records of any part (an OR whose every branch has a lookup) */
  | { readonly kind: 'union'; readonly parts: readonly IndexLookup[] }
  /** no record (a rule that can never be met) */
  | { readonly kind: 'none' };

const PREFERENCE: Record<IndexLookup['kind'], number> = {
  none: 0,
  words: 1,
  trigrams: 2,
  count: 3,
  union: 4,
};

function lookupsOf(node: PreparedNode): IndexLookup[] {
  switch (node.kind) {
    case 'constant':
      return node.value ? [] : [{ kind: 'none' }];
    case 'keyword':
      return node.negate ? [] : [{ kind: 'words', terms: node.terms }];
    case 'regex':
      if (node.negate || node.literals.kind === 'any') return [];
      return [
        node.literals.kind === 'none' ? { kind: 'none' } : { kind: 'trigrams', literals: node.literals },
      ];
    case 'range':
      if ((node.column === 'num_comments' || node.column === 'replies') && node.min !== null && node.min >= 1)
        return [{ kind: 'count', column: node.column, min: node.min, max: node.max }];
      return [];
    case 'group': {
      if (node.not) return [];
      const perChild = node.children.map(lookupsOf);
      if (node.combinator === 'and') return perChild.flat();
      if (perChild.some((lookups) => lookups.length === 0)) return [];
      // One lookup a branch: the one most likely to be small (words, then trigrams, then counts).
      const parts = perChild.map(
        (lookups) => [...lookups].sort((a, b) => PREFERENCE[a.kind] - PREFERENCE[b.kind])[0]!,
      );
      const live = parts.filter((part) => part.kind !== 'none');
      return [
        live.length === 0 ? { kind: 'none' } : live.length === 1 ? live[0]! : { kind: 'union', parts: live },
      ];
    }
  }
}

/** Every lookup that holds all matches of the tree (rules reached from the root through AND groups without NOT). */
export function findIndexLookups(node: PreparedNode | null): IndexLookup[] {
  return node ? lookupsOf(node) : [];
}

/**
 * The score range every match lies in: the intersection of the `score` ranges reached from the root through AND
 * groups without NOT (posts' upvotes). A scan in result order starts and stops there.
 */
export function findScoreRange(node: PreparedNode | null): { min: number | null; max: number | null } {
  let min: number | null = null;
  let max: number | null = null;
  const visit = (n: PreparedNode) => {
    if (n.kind === 'range' && n.column === 'score') {
      if (n.min !== null) min = min === null ? n.min : Math.max(min, n.min);
      if (n.max !== null) max = max === null ? n.max : Math.min(max, n.max);
    } else if (n.kind === 'group' && n.combinator === 'and' && !n.not) n.children.forEach(visit);
  };
  if (node) visit(node);
  return { min, max };
}
