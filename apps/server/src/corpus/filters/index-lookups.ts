import type { KeywordTerm } from './keyword-query.ts';
import type { NameColumn, PreparedNode } from './prepare.ts';
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
  /**
   * records with a score in a range with a lower bound (the live score index, or the score index of every row when
   * removed records are admitted; decision 039)
   */
  | { readonly kind: 'score'; readonly min: number; readonly max: number | null; readonly isLive: boolean }
  /** records with one of the names, created within the range when one is given (the name indexes) */
  | {
      readonly kind: 'names';
      readonly column: NameColumn;
      readonly values: readonly string[];
      readonly created: { readonly min: number | null; readonly max: number | null } | undefined;
    }
  /** records created within a range (the creation-time indexes) */
  | { readonly kind: 'created'; readonly min: number | null; readonly max: number | null }
  /** records of any part (an OR whose every branch has a lookup) */
  | { readonly kind: 'union'; readonly parts: readonly IndexLookup[] }
  /** no record (a rule that can never be met) */
  | { readonly kind: 'none' };

const PREFERENCE: Record<IndexLookup['kind'], number> = {
  none: 0,
  names: 1,
  words: 2,
  trigrams: 3,
  count: 4,
  score: 5,
  created: 6,
  union: 7,
};

function lookupsOf(node: PreparedNode, isLive: boolean): IndexLookup[] {
  switch (node.kind) {
    case 'constant':
      return node.value ? [] : [{ kind: 'none' }];
    case 'names':
      return node.negate
        ? []
        : [{ kind: 'names', column: node.column, values: node.values, created: undefined }];
    case 'choices':
    case 'flag':
    case 'text':
      return [];
    case 'keyword':
      return node.negate ? [] : [{ kind: 'words', terms: node.terms }];
    case 'regex':
      if (node.negate || node.literals.kind === 'any') return [];
      return [
        node.literals.kind === 'none' ? { kind: 'none' } : { kind: 'trigrams', literals: node.literals },
      ];
    case 'range':
      if (node.column === 'created_utc') return [{ kind: 'created', min: node.min, max: node.max }];
      if (node.column === 'score')
        return node.min === null ? [] : [{ kind: 'score', min: node.min, max: node.max, isLive }];
      // The count indexes hold live rows only.
      if (
        isLive &&
        (node.column === 'num_comments' || node.column === 'replies') &&
        node.min !== null &&
        node.min >= 1
      )
        return [{ kind: 'count', column: node.column, min: node.min, max: node.max }];
      return [];
    case 'group': {
      if (node.not) return [];
      const perChild = node.children.map((child) => lookupsOf(child, isLive));
      if (node.combinator === 'and') return withCreatedNames(perChild.flat());
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

/** In an AND, a created range narrows each names lookup: the name indexes hold (name, created) pairs. */
function withCreatedNames(lookups: IndexLookup[]): IndexLookup[] {
  const created = lookups.find((l): l is Extract<IndexLookup, { kind: 'created' }> => l.kind === 'created');
  if (!created) return lookups;
  return lookups.map((l) =>
    l.kind === 'names' && !l.created ? { ...l, created: { min: created.min, max: created.max } } : l,
  );
}

/**
 * Every lookup that holds all matches of the tree (rules reached from the root through AND groups without NOT).
 * `isLive`: the tree admits live records only, so the live-only count indexes may serve.
 */
export function findIndexLookups(node: PreparedNode | null, isLive = true): IndexLookup[] {
  return node ? lookupsOf(node, isLive) : [];
}
