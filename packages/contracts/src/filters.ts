import { z } from 'zod';
import type { SearchType } from './orders.ts';

/** The filter fields of DECISIONS §4; later additions keep these names. */
export const FILTER_FIELDS = ['keyword', 'regex', 'upvotes', 'comments', 'replies'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export const NUMERIC_FIELDS = ['upvotes', 'comments', 'replies'] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];

export const FILTER_LIMITS = {
  maxDepth: 5,
  maxRules: 50,
  regexMaxLength: 256,
  keywordMaxLength: 500,
} as const;
/** Numeric values must fit the corpus's 32-bit integer columns on both databases. */
const INT_MAX = 2_147_483_647;

export type Combinator = 'and' | 'or';
export type NumericOperator = 'between' | '>' | '>=' | '<' | '<=' | '=';
export type KeywordRule = {
  field: 'keyword';
  operator: 'keyword_contains' | 'does_not_contain';
  value: string;
};
export type RegexRule = { field: 'regex'; operator: 'regex_matches' | 'regex_not_matches'; value: string };
export type NumericRule =
  | { field: NumericField; operator: 'between'; value: [number | null, number | null] }
  | { field: NumericField; operator: Exclude<NumericOperator, 'between'>; value: number };
export type FilterRule = KeywordRule | RegexRule | NumericRule;
export interface FilterGroup {
  combinator: Combinator;
  not: boolean;
  rules: FilterNode[];
}
export type FilterNode = FilterRule | FilterGroup;
/** The canonical tree every accepted payload form is normalised to (react-querybuilder's shape, no ids). */
export type FilterTree = FilterGroup;
export type CanonicalTree = FilterTree;

/** What clients may send: the spec's order payload ({type, items}) or react-querybuilder's ({rules}). */
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

export const FIELD_LABELS: Record<FilterField, string> = {
  keyword: 'Keyword',
  regex: 'Regular Expression',
  upvotes: 'Post Upvotes',
  comments: 'Post Comments Count',
  replies: 'Comment Replies Count',
};

const NUMERIC_OPERATORS = [
  { name: 'between', label: 'between' },
  { name: '>', label: '>' },
  { name: '>=', label: '>=' },
  { name: '<', label: '<' },
  { name: '<=', label: '<=' },
  { name: '=', label: '=' },
] as const;

/** The operators the builder offers per field (parseFilterTree also takes `equals` and `greater than`). */
export const FIELD_OPERATORS: Record<FilterField, readonly { name: string; label: string }[]> = {
  keyword: [
    { name: 'keyword_contains', label: 'contains' },
    { name: '=', label: '=' },
    { name: 'does_not_contain', label: 'does not contain' },
  ],
  regex: [
    { name: 'regex_matches', label: 'matches' },
    { name: 'regex_not_matches', label: 'does not match' },
  ],
  upvotes: NUMERIC_OPERATORS,
  comments: NUMERIC_OPERATORS,
  replies: NUMERIC_OPERATORS,
};

/** Fields offered for a search type (spec §4): keyword and regex always, post counts for posts, replies for comments. */
export function filterFieldsFor(searchType: SearchType): { name: FilterField; label: string }[] {
  const names: FilterField[] = ['keyword', 'regex'];
  if (searchType !== 'comments') names.push('upvotes', 'comments');
  if (searchType !== 'posts') names.push('replies');
  return names.map((name) => ({ name, label: FIELD_LABELS[name] }));
}

/** The operator and value a rule is reset to when its field changes (spec §4). */
export function defaultRuleFor(field: string): { operator: string; value: string | [null, null] } {
  if ((NUMERIC_FIELDS as readonly string[]).includes(field))
    return { operator: 'between', value: [null, null] };
  if (field === 'keyword') return { operator: 'keyword_contains', value: '' };
  if (field === 'regex') return { operator: 'regex_matches', value: '' };
  return { operator: '=', value: '' };
}

/** Spec §3 default tree: one keyword rule with operator = and an empty value. */
export const DEFAULT_FILTER_TREE: FilterTreeInput = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: '=', value: '' }],
};

/** The order screen's example queries, in the spec's payload form (legacy `greater than` with a range). */
export const ORDER_PRESETS: readonly { name: string; searchType: SearchType; filters: FilterTreeInput }[] = [
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
];

export type ParseFilterTreeResult = { ok: true; tree: FilterTree } | { ok: false; errors: string[] };
export interface ParseFilterTreeOptions {
  /** The regex engine's message for a pattern it refuses (the server passes RE2's; contracts cannot load it). */
  regexError?: (pattern: string) => string | undefined;
}

type Parsed<T> = T | { error: string };
const isError = <T>(v: Parsed<T>): v is { error: string } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'error' in v;

function parseInteger(raw: unknown): Parsed<number | null> {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return null;
  const n =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)
        ? Number(raw)
        : NaN;
  if (!Number.isInteger(n)) return { error: `${JSON.stringify(raw)} is not a whole number.` };
  if (Math.abs(n) > INT_MAX) return { error: `${JSON.stringify(raw)} is out of range.` };
  return n;
}

/** A range as [min, max] (numbers, numeric strings, null/'' for unbounded) or a "100-500" / "100,500" string. */
function parseRange(raw: unknown): Parsed<[number | null, number | null]> | undefined {
  let parts: unknown[] | undefined;
  if (Array.isArray(raw) && raw.length === 2) parts = raw;
  else if (typeof raw === 'string') {
    const match = /^\s*(\d*)\s*[-,]\s*(\d*)\s*$/.exec(raw);
    if (match) parts = [match[1], match[2]];
  }
  if (!parts) return undefined;
  const [min, max] = parts.map(parseInteger);
  if (isError(min)) return min;
  if (isError(max)) return max;
  if (min != null && max != null && min > max)
    return { error: `the minimum ${min} is greater than the maximum ${max}.` };
  return [min ?? null, max ?? null];
}

function parseNumericRule(field: NumericField, operator: string, value: unknown): Parsed<NumericRule> {
  if (operator === 'between' || operator === 'greater than') {
    const range = parseRange(value);
    if (range === undefined && operator === 'greater than') return parseNumericRule(field, '>', value);
    if (range === undefined) return { error: `operator "between" takes a range [min, max].` };
    return isError(range) ? range : { field, operator: 'between', value: range };
  }
  if (operator === '>' || operator === '>=' || operator === '<' || operator === '<=' || operator === '=') {
    const n = parseInteger(value);
    if (n === null || Array.isArray(value))
      return { error: `operator "${operator}" takes one whole number.` };
    return isError(n) ? n : { field, operator, value: n };
  }
  return { error: `unknown operator ${JSON.stringify(operator)}.` };
}

function parseTextRule(
  field: 'keyword' | 'regex',
  operator: string,
  value: unknown,
  options: ParseFilterTreeOptions,
): Parsed<FilterRule> {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return { error: 'the value must be text.' };
  if (field === 'keyword') {
    const op = operator === '=' || operator === 'equals' ? 'keyword_contains' : operator;
    if (op !== 'keyword_contains' && op !== 'does_not_contain')
      return { error: `unknown operator ${JSON.stringify(operator)}.` };
    if (!/[\p{L}\p{N}]/u.test(text.normalize('NFKC'))) return { error: 'enter at least one word.' };
    if (text.length > FILTER_LIMITS.keywordMaxLength)
      return { error: `the text has more than ${FILTER_LIMITS.keywordMaxLength} characters.` };
    return { field, operator: op, value: text.trim() };
  }
  if (operator !== 'regex_matches' && operator !== 'regex_not_matches')
    return { error: `unknown operator ${JSON.stringify(operator)}.` };
  if (text === '') return { error: 'enter a pattern.' };
  if (text.length > FILTER_LIMITS.regexMaxLength)
    return { error: `the pattern has more than ${FILTER_LIMITS.regexMaxLength} characters.` };
  const engineError = options.regexError?.(text);
  if (engineError) return { error: `invalid pattern: ${engineError}` };
  return { field, operator, value: text };
}

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const isGroupInput = (node: Record<string, unknown>) =>
  node.type === 'group' || Array.isArray(node.rules) || Array.isArray(node.items);

class TreeParser {
  constructor(private readonly options: ParseFilterTreeOptions) {}
  readonly errors: string[] = [];
  ruleCount = 0;
  groupCount = 0;
  depthReported = false;

  group(node: Record<string, unknown>, depth: number): FilterGroup {
    const name = depth === 1 ? 'Filters' : `Group ${++this.groupCount}`;
    const tree: FilterGroup = { combinator: 'and', not: node.not === true, rules: [] };
    if (depth > FILTER_LIMITS.maxDepth && !this.depthReported) {
      this.depthReported = true;
      this.errors.push(`${name}: groups nest at most ${FILTER_LIMITS.maxDepth} levels deep.`);
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
    if (!(FILTER_FIELDS as readonly string[]).includes(name))
      return this.fail(`Rule ${position}: unknown field ${JSON.stringify(field)}.`);
    const label = `Rule ${position} (${name})`;
    if (typeof node.type === 'string' && node.field !== undefined && node.type.trim() !== name)
      return this.fail(`${label}: type ${JSON.stringify(node.type)} does not match the field.`);
    if (node.valueSource === 'field')
      return this.fail(`${label}: comparing with another field is not supported.`);
    if (typeof node.operator !== 'string') return this.fail(`${label}: choose an operator.`);
    const operator = node.operator.trim().toLowerCase().replace(/\s+/g, ' ');
    const result =
      name === 'keyword' || name === 'regex'
        ? parseTextRule(name, operator, node.value, this.options)
        : parseNumericRule(name as NumericField, operator, node.value);
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

/** The order payload's `filters`: any accepted form in, the canonical tree out, rule-naming messages on failure. */
export const FilterTreeSchema = z
  .unknown()
  .transform((input, ctx) => {
    const result = parseFilterTree(input);
    if (result.ok) return result.tree;
    for (const message of result.errors) ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  })
  .meta({ description: 'Filter tree: {combinator, rules|items, not?} with rules {field, operator, value}.' });

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

function describeRule(rule: FilterRule): string {
  switch (rule.operator) {
    case 'keyword_contains':
      return `keyword CONTAINS ${quote(rule.value)}`;
    case 'does_not_contain':
      return `keyword NOT CONTAINS ${quote(rule.value)}`;
    case 'regex_matches':
      return `regex MATCHES ${quote(rule.value)}`;
    case 'regex_not_matches':
      return `regex NOT MATCHES ${quote(rule.value)}`;
    case 'between': {
      const [min, max] = rule.value;
      if (min !== null && max !== null) return `${rule.field} BETWEEN ${min} AND ${max}`;
      if (min !== null) return `${rule.field} >= ${min}`;
      if (max !== null) return `${rule.field} <= ${max}`;
      return `${rule.field} IS ANY`;
    }
    default:
      return `${rule.field} ${rule.operator} ${rule.value}`;
  }
}

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
