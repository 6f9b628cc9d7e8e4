import { z } from 'zod';
import {
  appliesTo,
  FIELD_LABELS,
  FILTER_FIELDS,
  FILTER_LIMITS,
  isFilterField,
  kindOf,
  type FilterField,
  type RecordType,
} from './filter-fields.ts';
import { describeRule, isError, parseRuleValue, type FilterRule } from './filter-rules.ts';
import { FILTER_TREE_JSON_SCHEMA } from './filter-docs.ts';
import type { SearchType, SortOrder } from './orders.ts';

export * from './filter-fields.ts';
export {
  asciiLower,
  dateBoundToEpoch,
  describeRule,
  type ChoicesRule,
  type DateRule,
  type FilterRule,
  type FlagRule,
  type KeywordRule,
  type NamesRule,
  type NumericOperator,
  type NumericRule,
  type RegexRule,
  type TextRule,
} from './filter-rules.ts';

export type Combinator = 'and' | 'or';
export interface FilterGroup {
  combinator: Combinator;
  not: boolean;
  rules: FilterNode[];
}
export type FilterNode = FilterRule | FilterGroup;
/**
 * The canonical tree every accepted payload form is normalised to (react-querybuilder's shape, no ids): the one form
 * the server passes inward once its edge (the request schema, or the worker reading a stored order) has parsed it.
 */
export type FilterTree = FilterGroup;

/**
 * What clients may send: the order payload form ({type, items}, docs/product.md §7.1) or react-querybuilder's
 * ({rules}).
 */
export interface FilterRuleInput {
  type?: string;
  field?: string;
  operator?: string;
  value?: unknown;
  id?: string;
  disabled?: boolean;
}
export interface FilterGroupInput {
  type?: 'group';
  combinator?: string;
  not?: boolean;
  rules?: (FilterRuleInput | FilterGroupInput)[];
  items?: (FilterRuleInput | FilterGroupInput)[];
  id?: string;
  disabled?: boolean;
}
export type FilterTreeInput = FilterGroupInput;

export const isFilterGroup = (node: FilterNode): node is FilterGroup => 'rules' in node;

/**
 * Fields offered for a search type (docs/product.md §7.14): keyword and regex always, post fields for posts, comment
 * fields for comments, every field for both; in the order of the registry.
 */
export function filterFieldsFor(searchType: SearchType): { name: FilterField; label: string }[] {
  const types: RecordType[] =
    searchType === 'posts' ? ['posts'] : searchType === 'comments' ? ['comments'] : ['posts', 'comments'];
  return FILTER_FIELDS.filter((name) => types.some((type) => appliesTo(name, type))).map((name) => ({
    name,
    label: FIELD_LABELS[name],
  }));
}

/** The operator and value a rule is reset to when its field changes (docs/product.md §7.3). */
export function defaultRuleFor(field: string): { operator: string; value: unknown } {
  if (!isFilterField(field)) return { operator: '=', value: '' };
  switch (kindOf(field)) {
    case 'number':
    case 'date':
      return { operator: 'between', value: [null, null] };
    case 'keyword':
      return { operator: 'keyword_contains', value: '' };
    case 'regex':
      return { operator: 'regex_matches', value: '' };
    case 'flag':
      return { operator: '=', value: false };
    case 'names':
    case 'choices':
      return { operator: 'in', value: [] };
    case 'text':
      return { operator: 'contains', value: '' };
  }
}

/** The default tree (docs/product.md §7.14): one keyword rule with operator = and an empty value. */
export const DEFAULT_FILTER_TREE: FilterTreeInput = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: '=', value: '' }],
};

/**
 * The order screen's example queries, in the legacy payload form (`greater than` with a range,
 * docs/product.md §7.12).
 */
export const ORDER_PRESETS: readonly {
  name: string;
  searchType: SearchType;
  filters: FilterTreeInput;
  /** the sort the preset loads (top when absent) */
  sort?: SortOrder;
}[] = [
  {
    name: 'High Quality Posts',
    searchType: 'posts',
    filters: {
      combinator: 'AND',
      rules: [
        { type: 'keyword', field: 'keyword', operator: '=', value: 'python' },
        { type: 'upvotes', field: 'upvotes', operator: 'greater than', value: '100-500' },
      ],
    },
  },
  {
    name: 'Active Comments',
    searchType: 'comments',
    filters: {
      combinator: 'AND',
      rules: [
        { type: 'keyword', field: 'keyword', operator: '=', value: 'data' },
        { type: 'replies', field: 'replies', operator: 'greater than', value: '5-20' },
      ],
    },
  },
  {
    name: 'Recent science discussions',
    searchType: 'both',
    sort: 'new',
    filters: {
      combinator: 'AND',
      rules: [
        { field: 'subreddit', operator: 'in', value: ['science', 'askscience'] },
        { field: 'created', operator: '>=', value: '2024-01-01' },
        { field: 'removed', operator: '=', value: false },
      ],
    },
  },
];

export type ParseFilterTreeResult = { ok: true; tree: FilterTree } | { ok: false; errors: string[] };
export interface ParseFilterTreeOptions {
  /** The regex engine's message for a pattern it refuses (the server passes RE2's; contracts cannot load it). */
  regexError?: (pattern: string) => string | undefined;
}

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const isGroupInput = (node: Record<string, unknown>) =>
  node.type === 'group' || Array.isArray(node.rules) || Array.isArray(node.items);

class TreeParser {
  constructor(private readonly options: ParseFilterTreeOptions) {}
  readonly errors: string[] = [];
  ruleCount = 0;
  regexRules = 0;
  groupCount = 0;
  depthReported = false;

  group(node: Record<string, unknown>, depth: number): FilterGroup {
    const name = depth === 1 ? 'Filters' : `Group ${++this.groupCount}`;
    const tree: FilterGroup = { combinator: 'and', not: node.not === true, rules: [] };
    if (depth > FILTER_LIMITS.maxDepth) {
      if (!this.depthReported)
        this.errors.push(`${name}: groups nest at most ${FILTER_LIMITS.maxDepth} levels deep.`);
      this.depthReported = true;
      // Stop here: descending a tree nested thousands of levels deep would overflow the stack.
      return tree;
    }
    const combinator = typeof node.combinator === 'string' ? node.combinator.trim().toLowerCase() : 'and';
    if (combinator === 'and' || combinator === 'or') tree.combinator = combinator;
    else this.errors.push(`${name}: unknown combinator ${JSON.stringify(node.combinator)} (use AND or OR).`);
    const items = node.items ?? node.rules;
    if (!Array.isArray(items)) {
      this.errors.push(`${name}: expected a list of rules.`);
      return tree;
    }
    for (const item of items) {
      if (typeof item === 'string') {
        this.errors.push(`${name}: a combinator between single rules is not supported; use one per group.`);
        continue;
      }
      const record = asRecord(item);
      if (record && isGroupInput(record)) {
        const child = this.group(record, depth + 1);
        if (record.disabled !== true) tree.rules.push(child);
        continue;
      }
      const rule = this.rule(record);
      if (
        rule?.field === 'regex' &&
        record?.disabled !== true &&
        ++this.regexRules > FILTER_LIMITS.maxRegexRules
      )
        this.errors.push(
          `Rule ${this.ruleCount} (regex): a filter tree holds at most ${FILTER_LIMITS.maxRegexRules} regex rules.`,
        );
      if (rule && record?.disabled !== true) tree.rules.push(rule);
    }
    return tree;
  }

  rule(node: Record<string, unknown> | undefined): FilterRule | undefined {
    const position = ++this.ruleCount;
    if (!node) return this.fail(`Rule ${position}: expected a rule with a field, an operator and a value.`);
    const field = node.field ?? node.type;
    if (typeof field !== 'string' || field.trim() === '')
      return this.fail(`Rule ${position}: choose a field.`);
    const name = field.trim();
    if (!isFilterField(name)) return this.fail(`Rule ${position}: unknown field ${JSON.stringify(field)}.`);
    const label = `Rule ${position} (${name})`;
    if (typeof node.type === 'string' && node.field !== undefined && node.type.trim() !== name)
      return this.fail(`${label}: type ${JSON.stringify(node.type)} does not match the field.`);
    if (node.valueSource === 'field')
      return this.fail(`${label}: comparing with another field is not supported.`);
    if (typeof node.operator !== 'string') return this.fail(`${label}: choose an operator.`);
    const operator = node.operator.trim().toLowerCase().replace(/\s+/g, ' ');
    const result = parseRuleValue(name, operator, node.value, this.options.regexError);
    if (isError(result)) {
      const message = result.error.startsWith('unknown operator')
        ? `unknown operator ${JSON.stringify(node.operator)}.`
        : result.error;
      return this.fail(`${label}: ${message}`);
    }
    return result;
  }

  private fail(message: string): undefined {
    this.errors.push(message);
    return undefined;
  }
}

/**
 * Validates a filter tree in any accepted form and returns the canonical tree, or messages that name each bad rule
 * by its 1-based position in reading order ("Rule 3 (upvotes): unknown operator \"foo\".").
 */
export function parseFilterTree(input: unknown, options: ParseFilterTreeOptions = {}): ParseFilterTreeResult {
  const root = asRecord(input);
  if (!root || !isGroupInput(root))
    return { ok: false, errors: ['Filters must be an object with a combinator and a list of rules.'] };
  const parser = new TreeParser(options);
  const tree = parser.group(root, 1);
  if (parser.ruleCount > FILTER_LIMITS.maxRules)
    parser.errors.push(
      `Filters have ${parser.ruleCount} rules; at most ${FILTER_LIMITS.maxRules} are allowed.`,
    );
  return parser.errors.length > 0 ? { ok: false, errors: parser.errors } : { ok: true, tree };
}

/** How many rules a canonical tree holds, nested groups included. */
export function countFilterRules(tree: FilterGroup): number {
  return tree.rules.reduce((n, node) => n + (isFilterGroup(node) ? countFilterRules(node) : 1), 0);
}

/**
 * parseFilterTree as a zod schema: any accepted form in, the canonical tree out, its rule-naming messages as issues.
 * The server passes its RE2 check through `options`; the accepted forms are documented by FILTER_TREE_JSON_SCHEMA.
 */
export function filterTreeSchema(options: ParseFilterTreeOptions = {}) {
  return z
    .unknown()
    .transform((input, ctx): FilterTree => {
      const result = parseFilterTree(input, options);
      if (result.ok) return result.tree;
      for (const message of result.errors) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .meta(FILTER_TREE_JSON_SCHEMA);
}
export const FilterTreeSchema = filterTreeSchema();

function describeGroup(group: FilterGroup): string {
  const parts = group.rules
    .filter((node) => !isFilterGroup(node) || countFilterRules(node) > 0)
    .map((node) => (isFilterGroup(node) ? describeGroup(node) : describeRule(node)));
  const body = `(${parts.join(` ${group.combinator.toUpperCase()} `)})`;
  return group.not ? `NOT ${body}` : body;
}

/** The SQL-like query_string the order screen and dashboard show; '' for a tree without rules. */
export function describeFilterTree(tree: FilterTree): string {
  return countFilterRules(tree) === 0 ? '' : describeGroup(tree);
}
