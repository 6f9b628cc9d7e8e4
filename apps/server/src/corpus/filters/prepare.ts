import { isFilterGroup, type FilterRule, type FilterTree } from '@threadcart/contracts';
import { parseKeywordQuery, type KeywordTerm } from './keyword-query.ts';
import { regexLiteralQuery, type LiteralQuery } from './regex-literals.ts';

export type RecordType = 'posts' | 'comments';
export type NumericColumn = 'score' | 'num_comments' | 'replies';

/** A filter tree for one record type, ready to compile: rules that do not apply are gone, numbers are ranges. */
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
      readonly column: NumericColumn;
      readonly min: number | null;
      readonly max: number | null;
    }
  | { readonly kind: 'constant'; readonly value: boolean };

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

const COLUMNS: Record<RecordType, Partial<Record<FilterRule['field'], NumericColumn>>> = {
  posts: { upvotes: 'score', comments: 'num_comments' },
  comments: { replies: 'replies' },
};

function prepareRule(rule: FilterRule, type: RecordType): PreparedNode | null {
  if (rule.field === 'keyword') {
    const terms = parseKeywordQuery(rule.value);
    if (terms.length === 0) return { kind: 'constant', value: rule.operator === 'keyword_contains' };
    return { kind: 'keyword', negate: rule.operator === 'does_not_contain', terms };
  }
  if (rule.field === 'regex')
    return {
      kind: 'regex',
      negate: rule.operator === 'regex_not_matches',
      pattern: rule.value,
      literals: regexLiteralQuery(rule.value),
    };
  const column = COLUMNS[type][rule.field];
  if (!column) return null;
  let [min, max]: [number | null, number | null] = [null, null];
  if (rule.operator === 'between') [min, max] = rule.value;
  else if (rule.operator === '>') min = rule.value + 1;
  else if (rule.operator === '>=') min = rule.value;
  else if (rule.operator === '<') max = rule.value - 1;
  else if (rule.operator === '<=') max = rule.value;
  else [min, max] = [rule.value, rule.value];
  // The columns are 32-bit integers: a bound past their range is always or never met.
  if (
    (min !== null && min > INT_MAX) ||
    (max !== null && max < INT_MIN) ||
    (min !== null && max !== null && min > max)
  )
    return { kind: 'constant', value: false };
  if (min !== null && min <= INT_MIN) min = null;
  if (max !== null && max >= INT_MAX) max = null;
  if (min === null && max === null) return { kind: 'constant', value: true };
  return { kind: 'range', column, min, max };
}

function prepareNode(node: FilterTree | FilterRule, type: RecordType): PreparedNode | null {
  if (!isFilterGroup(node)) return prepareRule(node, type);
  const children = node.rules
    .map((child) => prepareNode(child, type))
    .filter((c): c is PreparedNode => c !== null);
  if (children.length === 0) return null;
  return { kind: 'group', combinator: node.combinator, not: node.not, children };
}

/**
 * The tree as it applies to one record type (DECISIONS §4 and decision 008): rules on fields the type lacks are
 * pruned, a group left empty is pruned, and null means "no constraint" (every record of the type matches).
 */
export function prepareFilter(tree: FilterTree, type: RecordType): PreparedNode | null {
  return prepareNode(tree, type);
}
