import {
  appliesTo,
  asciiLower,
  dateBoundToEpoch,
  FILTER_FIELD_DEFS,
  isFilterGroup,
  type FilterNode,
  type FilterRule,
  type FilterTree,
  type RecordType,
} from '@threadcart/contracts';
import { parseKeywordQuery, type KeywordTerm } from './keyword-query.ts';
import { regexLiteralQuery, type LiteralQuery } from './regex-literals.ts';

export type { RecordType } from '@threadcart/contracts';
export type RangeColumn = 'score' | 'num_comments' | 'replies' | 'created_utc';
export type NameColumn = 'subreddit_key' | 'author_key' | 'domain_key';

/** A filter tree for one record type, ready to compile: rules that do not apply are gone, values are resolved. */
export type PreparedNode =
  | {
      readonly kind: 'group';
      readonly combinator: 'and' | 'or';
      readonly not: boolean;
      readonly children: PreparedNode[];
    }
  | { readonly kind: 'keyword'; readonly negate: boolean; readonly terms: readonly KeywordTerm[] }
  | {
      readonly kind: 'regex';
      readonly negate: boolean;
      readonly pattern: string;
      /** the literals every match contains: what the trigram index can look up */
      readonly literals: LiteralQuery;
    }
  | {
      readonly kind: 'range';
      readonly column: RangeColumn;
      readonly min: number | null;
      readonly max: number | null;
    }
  /** the name's key is one of values (A–Z lowered) */
  | {
      readonly kind: 'names';
      readonly column: NameColumn;
      readonly values: readonly string[];
      readonly negate: boolean;
    }
  | {
      readonly kind: 'choices';
      readonly column: 'post_kind';
      readonly values: readonly string[];
      readonly negate: boolean;
    }
  /** over_18, or removed: the text is gone (deleted or removed) */
  | { readonly kind: 'flag'; readonly column: 'over_18' | 'removed'; readonly value: boolean }
  /** the column, A–Z lowered, holds text (already lowered) */
  | { readonly kind: 'text'; readonly column: 'flair'; readonly text: string; readonly negate: boolean }
  | { readonly kind: 'constant'; readonly value: boolean };

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

function rangeNode(column: RangeColumn, min: number | null, max: number | null): PreparedNode {
  // The count and score columns are 32-bit integers: a bound past their range is always or never met.
  const [low, high] = column === 'created_utc' ? [-(2 ** 53), 2 ** 53] : [INT_MIN, INT_MAX];
  if (
    (min !== null && min > high) ||
    (max !== null && max < low) ||
    (min !== null && max !== null && min > max)
  )
    return { kind: 'constant', value: false };
  if (min !== null && min <= low) min = null;
  if (max !== null && max >= high) max = null;
  if (min === null && max === null) return { kind: 'constant', value: true };
  return { kind: 'range', column, min, max };
}

/** One rule as it applies to one record type; null when the field says nothing about that type (pruned). */
function prepareRule(rule: FilterRule, type: RecordType): PreparedNode | null {
  if (!appliesTo(rule.field, type)) return null;
  const def = FILTER_FIELD_DEFS[rule.field];
  switch (def.kind) {
    case 'keyword': {
      const r = rule as Extract<FilterRule, { field: 'keyword' }>;
      const terms = parseKeywordQuery(r.value);
      if (terms.length === 0) return { kind: 'constant', value: r.operator === 'keyword_contains' };
      return { kind: 'keyword', negate: r.operator === 'does_not_contain', terms };
    }
    case 'regex': {
      const r = rule as Extract<FilterRule, { field: 'regex' }>;
      return {
        kind: 'regex',
        negate: r.operator === 'regex_not_matches',
        pattern: r.value,
        literals: regexLiteralQuery(r.value),
      };
    }
    case 'number': {
      const r = rule as Extract<
        FilterRule,
        { operator: 'between' | '>' | '<' | '='; value: number | [unknown, unknown] }
      >;
      const column = (def.column as Partial<Record<RecordType, RangeColumn>>)[type]!;
      const value = r.value as number | [number | null, number | null];
      if (r.operator === 'between') return rangeNode(column, ...(value as [number | null, number | null]));
      const n = value as number;
      if (r.operator === '>') return rangeNode(column, n + 1, null);
      if (r.operator === '>=') return rangeNode(column, n, null);
      if (r.operator === '<') return rangeNode(column, null, n - 1);
      if (r.operator === '<=') return rangeNode(column, null, n);
      return rangeNode(column, n, n);
    }
    case 'date': {
      const r = rule as Extract<FilterRule, { field: 'created' }>;
      if (r.operator === 'between') {
        const [from, to] = r.value;
        return rangeNode(
          def.column,
          from === null ? null : dateBoundToEpoch(from, 'from'),
          to === null ? null : dateBoundToEpoch(to, 'to'),
        );
      }
      return r.operator === '>='
        ? rangeNode(def.column, dateBoundToEpoch(r.value, 'from'), null)
        : rangeNode(def.column, null, dateBoundToEpoch(r.value, 'to'));
    }
    case 'flag': {
      const r = rule as Extract<FilterRule, { field: 'nsfw' | 'removed' }>;
      return { kind: 'flag', column: def.column, value: r.value };
    }
    case 'names': {
      const r = rule as Extract<FilterRule, { field: 'subreddit' | 'author' | 'domain' }>;
      return { kind: 'names', column: `${def.column}_key`, values: r.value, negate: r.operator === 'not_in' };
    }
    case 'choices': {
      const r = rule as Extract<FilterRule, { field: 'post_kind' }>;
      return { kind: 'choices', column: def.column, values: r.value, negate: r.operator === 'not_in' };
    }
    case 'text': {
      const r = rule as Extract<FilterRule, { field: 'flair' }>;
      return {
        kind: 'text',
        column: def.column,
        text: asciiLower(r.value),
        negate: r.operator === 'does_not_contain',
      };
    }
  }
}

function prepareNode(node: FilterNode, type: RecordType): PreparedNode | null {
  if (!isFilterGroup(node)) return prepareRule(node, type);
  const children = node.rules
    .map((child) => prepareNode(child, type))
    .filter((c): c is PreparedNode => c !== null);
  if (children.length === 0) return null;
  return { kind: 'group', combinator: node.combinator, not: node.not, children };
}

/**
 * The tree as it applies to one record type (decisions 008 and 017): rules on fields the type lacks are pruned, a
 * group left empty is pruned, and null means "no constraint" (every record of the type matches).
 */
export function prepareFilter(tree: FilterTree, type: RecordType): PreparedNode | null {
  return prepareNode(tree, type);
}

/**
 * Whether records whose text is gone (deleted or removed) may match: only when the tree has a `removed` rule
 * (decision 017); otherwise they never do (decision 008: there is nothing to sell). Text rules read such a record's
 * text as empty.
 */
export function admitsRemoved(tree: FilterTree): boolean {
  return tree.rules.some((node) => (isFilterGroup(node) ? admitsRemoved(node) : node.field === 'removed'));
}
