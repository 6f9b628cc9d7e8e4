import {
  appliesTo,
  asciiLower,
  dateBoundToEpoch,
  FILTER_FIELD_DEFS,
  isFilterGroup,
  type ChoicesField,
  type DateField,
  type FilterField,
  type FilterNode,
  type FilterRule,
  type FilterTree,
  type FlagField,
  type NamesField,
  type NumericField,
  type RecordType,
  type TextField,
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

/** The rule types a field's rules take (a field of a kind shares that kind's rule type). */
type RuleFor<R, F> = R extends { field: infer G } ? (F extends G ? R : never) : never;
type RuleOf<F extends FilterField> = RuleFor<FilterRule, F>;
type Preparer<F extends FilterField> = (rule: RuleOf<F>, type: RecordType) => PreparedNode;

function prepareKeyword(rule: RuleOf<'keyword'>): PreparedNode {
  const terms = parseKeywordQuery(rule.value);
  if (terms.length === 0) return { kind: 'constant', value: rule.operator === 'keyword_contains' };
  return { kind: 'keyword', negate: rule.operator === 'does_not_contain', terms };
}

function prepareRegex(rule: RuleOf<'regex'>): PreparedNode {
  return {
    kind: 'regex',
    negate: rule.operator === 'regex_not_matches',
    pattern: rule.value,
    literals: regexLiteralQuery(rule.value),
  };
}

function prepareNumber(rule: RuleOf<NumericField>, type: RecordType): PreparedNode {
  const columns: Partial<Record<RecordType, RangeColumn>> = FILTER_FIELD_DEFS[rule.field].column;
  const column = columns[type]!;
  if (rule.operator === 'between') return rangeNode(column, ...rule.value);
  const n = rule.value;
  if (rule.operator === '>') return rangeNode(column, n + 1, null);
  if (rule.operator === '>=') return rangeNode(column, n, null);
  if (rule.operator === '<') return rangeNode(column, null, n - 1);
  if (rule.operator === '<=') return rangeNode(column, null, n);
  return rangeNode(column, n, n);
}

function prepareDate(rule: RuleOf<DateField>): PreparedNode {
  const column = FILTER_FIELD_DEFS[rule.field].column;
  if (rule.operator === 'between') {
    const [from, to] = rule.value;
    return rangeNode(
      column,
      from === null ? null : dateBoundToEpoch(from, 'from'),
      to === null ? null : dateBoundToEpoch(to, 'to'),
    );
  }
  return rule.operator === '>='
    ? rangeNode(column, dateBoundToEpoch(rule.value, 'from'), null)
    : rangeNode(column, null, dateBoundToEpoch(rule.value, 'to'));
}

const prepareFlag = (rule: RuleOf<FlagField>): PreparedNode => ({
  kind: 'flag',
  column: FILTER_FIELD_DEFS[rule.field].column,
  value: rule.value,
});

const prepareNames = (rule: RuleOf<NamesField>): PreparedNode => ({
  kind: 'names',
  column: `${FILTER_FIELD_DEFS[rule.field].column}_key`,
  values: rule.value,
  negate: rule.operator === 'not_in',
});

const prepareChoices = (rule: RuleOf<ChoicesField>): PreparedNode => ({
  kind: 'choices',
  column: FILTER_FIELD_DEFS[rule.field].column,
  values: rule.value,
  negate: rule.operator === 'not_in',
});

const prepareText = (rule: RuleOf<TextField>): PreparedNode => ({
  kind: 'text',
  column: FILTER_FIELD_DEFS[rule.field].column,
  text: asciiLower(rule.value),
  negate: rule.operator === 'does_not_contain',
});

/**
 * How each field's rules compile, one entry per field of the contracts' registry: a field added there without its
 * entry here is a type error, never a rule silently dropped (which would leave its records unconstrained).
 */
const PREPARE_RULE: { readonly [F in FilterField]: Preparer<F> } = {
  keyword: prepareKeyword,
  regex: prepareRegex,
  upvotes: prepareNumber,
  comments: prepareNumber,
  replies: prepareNumber,
  comment_upvotes: prepareNumber,
  subreddit: prepareNames,
  author: prepareNames,
  created: prepareDate,
  nsfw: prepareFlag,
  removed: prepareFlag,
  post_kind: prepareChoices,
  domain: prepareNames,
  flair: prepareText,
};

/** One rule as it applies to one record type; null when the field says nothing about that type (pruned). */
function prepareRule<F extends FilterField>(rule: RuleOf<F>, type: RecordType): PreparedNode | null {
  if (!appliesTo(rule.field, type)) return null;
  return (PREPARE_RULE[rule.field as F] as Preparer<F>)(rule, type);
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
