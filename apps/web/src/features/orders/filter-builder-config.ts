import {
  countFilterRules,
  defaultRuleFor,
  DEFAULT_FILTER_TREE,
  describeFilterTree,
  FIELD_LABELS,
  FIELD_OPERATORS,
  filterFieldsFor,
  isFilterField,
  parseFilterTree,
  type FilterTree,
  type FilterTreeInput,
  type SearchType,
} from '@threadcart/contracts';
import { prepareRuleGroup, type Field, type RuleGroupType, type RuleType } from 'react-querybuilder';
import { VALUE_PLACEHOLDERS } from './messages.ts';

/** The builder's own tree (react-querybuilder's shape, with ids). */
export type BuilderQuery = RuleGroupType;

/** The builder's field list for a content type, with the text rules' placeholders (docs/product.md §7.14). */
export function builderFieldsFor(searchType: SearchType): Field[] {
  return filterFieldsFor(searchType).map(({ name, label }) => ({
    name,
    value: name,
    label,
    ...(name in VALUE_PLACEHOLDERS
      ? { placeholder: VALUE_PLACEHOLDERS[name as keyof typeof VALUE_PLACEHOLDERS] }
      : {}),
  }));
}

/** A field's label, also for a field the current content type no longer offers. */
export function fieldLabel(name: string): string {
  return isFilterField(name) ? FIELD_LABELS[name] : name;
}

/**
 * The operators a field offers. Keyword's legacy `=` means "contains" (docs/product.md §7.5) and is not offered twice:
 * the builder shows it as "contains" (toBuilderQuery).
 */
export function builderOperatorsFor(field: string): { name: string; value: string; label: string }[] {
  const operators = isFilterField(field) ? FIELD_OPERATORS[field] : [{ name: '=', label: '=' }];
  return operators
    .filter((operator) => !(field === 'keyword' && operator.name === '='))
    .map((operator) => ({ ...operator, value: operator.name }));
}

const KEYWORD_LEGACY_OPERATORS = new Set(['=', 'equals']);

/** A tree's keyword rules with the legacy `=`/`equals` written as the `keyword_contains` they mean. */
function withCanonicalKeywordOperators<T>(node: T): T {
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.rules))
    return { ...record, rules: record.rules.map(withCanonicalKeywordOperators) } as T;
  const operator = typeof record.operator === 'string' ? record.operator.trim().toLowerCase() : '';
  return record.field === 'keyword' && KEYWORD_LEGACY_OPERATORS.has(operator)
    ? ({ ...record, operator: 'keyword_contains' } as T)
    : node;
}

/** The operator a rule is reset to when its field changes (docs/product.md §7.3, defaultRuleFor). */
export const builderDefaultOperator = (field: string): string => defaultRuleFor(field).operator;

/** The value a rule is reset to when its field changes (docs/product.md §7.3, defaultRuleFor). */
export const builderDefaultValue = (rule: RuleType): unknown => defaultRuleFor(rule.field).value;

/** A tree in any accepted payload form, with the ids the builder needs. */
export function toBuilderQuery(tree: FilterTreeInput | FilterTree): BuilderQuery {
  return prepareRuleGroup(withCanonicalKeywordOperators(structuredClone(tree)) as BuilderQuery);
}

/** The starting tree of docs/product.md §7.14: one keyword rule, operator = (shown as "contains"), empty value. */
export const initialBuilderQuery = (): BuilderQuery => toBuilderQuery(DEFAULT_FILTER_TREE);

/** How many rules the builder's tree holds, nested groups included. */
export function countBuilderRules(query: BuilderQuery): number {
  return query.rules.reduce<number>((n, node) => {
    if (typeof node === 'string') return n;
    return n + ('rules' in node ? countBuilderRules(node) : 1);
  }, 0);
}

type PayloadNode = Record<string, unknown>;

/** The tree sent as the order's `filters`: the builder's form without its ids (the server accepts it as is). */
export function toPayloadFilters(query: BuilderQuery): FilterTreeInput {
  const strip = (node: RuleGroupType | RuleType): PayloadNode => {
    const { id: _id, path: _path, ...rest } = node as (RuleGroupType | RuleType) & { path?: unknown };
    if ('rules' in node) {
      return {
        ...rest,
        rules: node.rules.map((child) => (typeof child === 'string' ? child : strip(child))),
      };
    }
    return rest;
  };
  return strip(query) as FilterTreeInput;
}

export type QueryCheck =
  | { status: 'empty' }
  | { status: 'invalid'; errors: string[] }
  | { status: 'valid'; tree: FilterTree; preview: string };

/**
 * Checks the builder's tree as the server will (parseFilterTree) and renders the SQL-style preview with
 * describeFilterTree, so the preview is exactly the order's query_string.
 */
export function checkBuilderQuery(query: BuilderQuery): QueryCheck {
  if (countBuilderRules(query) === 0) return { status: 'empty' };
  const result = parseFilterTree(toPayloadFilters(query));
  if (!result.ok) return { status: 'invalid', errors: result.errors };
  if (countFilterRules(result.tree) === 0) return { status: 'empty' };
  return { status: 'valid', tree: result.tree, preview: describeFilterTree(result.tree) };
}
