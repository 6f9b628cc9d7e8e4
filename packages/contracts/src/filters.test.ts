import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTER_TREE,
  FilterTreeSchema,
  ORDER_PRESETS,
  defaultRuleFor,
  describeFilterTree,
  filterFieldsFor,
  parseFilterTree,
  type FilterTree,
} from './filters.ts';

function parsed(input: unknown): FilterTree {
  const result = parseFilterTree(input);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.tree;
}

function errorsOf(input: unknown): string[] {
  const result = parseFilterTree(input);
  return result.ok ? [] : result.errors;
}

describe('parseFilterTree: accepted forms', () => {
  it('normalises the order-payload form (uppercase combinator, type = field, items in groups)', () => {
    const tree = parsed({
      combinator: 'AND',
      rules: [
        { type: 'keyword', field: 'keyword', operator: '=', value: 'python' },
        {
          type: 'group',
          combinator: 'OR',
          not: true,
          items: [
            { type: 'upvotes', operator: 'greater than', value: '100-500' },
            { type: 'comments', field: 'comments', operator: '>=', value: '10' },
          ],
        },
      ],
    });
    expect(tree).toEqual({
      combinator: 'and',
      not: false,
      rules: [
        { field: 'keyword', operator: 'keyword_contains', value: 'python' },
        {
          combinator: 'or',
          not: true,
          rules: [
            { field: 'upvotes', operator: 'between', value: [100, 500] },
            { field: 'comments', operator: '>=', value: 10 },
          ],
        },
      ],
    });
  });

  it("accepts react-querybuilder's native form, ignoring ids and skipping disabled rules", () => {
    const tree = parsed({
      id: 'root',
      combinator: 'or',
      rules: [
        { id: 'a', field: 'regex', operator: 'regex_matches', value: 'py.*n', valueSource: 'value' },
        { id: 'b', field: 'replies', operator: 'between', value: ['5', ''] },
        { id: 'c', field: 'keyword', operator: 'keyword_contains', value: 'x', disabled: true },
        { id: 'g', combinator: 'and', rules: [{ field: 'upvotes', operator: 'between', value: '3,7' }] },
      ],
    });
    expect(tree).toEqual({
      combinator: 'or',
      not: false,
      rules: [
        { field: 'regex', operator: 'regex_matches', value: 'py.*n' },
        { field: 'replies', operator: 'between', value: [5, null] },
        { combinator: 'and', not: false, rules: [{ field: 'upvotes', operator: 'between', value: [3, 7] }] },
      ],
    });
  });

  it('reads every numeric value form', () => {
    const rule = (operator: string, value: unknown) =>
      parsed({ combinator: 'and', rules: [{ field: 'upvotes', operator, value }] }).rules[0];
    expect(rule('between', [null, null])).toMatchObject({ operator: 'between', value: [null, null] });
    expect(rule('between', [1, '20'])).toMatchObject({ value: [1, 20] });
    expect(rule('BETWEEN', ' 5 - 9 ')).toMatchObject({ operator: 'between', value: [5, 9] });
    expect(rule('greater than', [100, 500])).toMatchObject({ operator: 'between', value: [100, 500] });
    expect(rule('greater than', '100')).toMatchObject({ operator: '>', value: 100 });
    expect(rule('<=', '-3')).toMatchObject({ operator: '<=', value: -3 });
    expect(rule('=', 7)).toMatchObject({ operator: '=', value: 7 });
  });

  it('maps keyword = and equals to keyword_contains and keeps does_not_contain', () => {
    const ops = ['=', 'equals', 'keyword_contains', 'does_not_contain'].map(
      (operator) => parsed({ rules: [{ field: 'keyword', operator, value: ' big data ' }] }).rules[0],
    );
    expect(ops.map((r) => r && 'operator' in r && r.operator)).toEqual([
      'keyword_contains',
      'keyword_contains',
      'keyword_contains',
      'does_not_contain',
    ]);
    expect(ops[0]).toMatchObject({ value: 'big data' });
  });

  it('loads both presets and the zod schema gives the canonical tree', () => {
    for (const preset of ORDER_PRESETS) expect(parseFilterTree(preset.filters).ok).toBe(true);
    expect(FilterTreeSchema.parse(ORDER_PRESETS[1]!.filters)).toEqual({
      combinator: 'and',
      not: false,
      rules: [
        { field: 'keyword', operator: 'keyword_contains', value: 'data' },
        { field: 'replies', operator: 'between', value: [5, 20] },
      ],
    });
  });

  it('is idempotent: a canonical tree parses to itself', () => {
    const tree = parsed(ORDER_PRESETS[0]!.filters);
    expect(parsed(tree)).toEqual(tree);
  });
});

describe('parseFilterTree: refusals name the rule', () => {
  it('names an unknown operator and an unknown field by position and field', () => {
    expect(
      errorsOf({
        combinator: 'and',
        rules: [
          { field: 'keyword', operator: '=', value: 'a' },
          { combinator: 'or', rules: [{ field: 'regex', operator: 'regex_matches', value: 'x' }] },
          { field: 'upvotes', operator: 'foo', value: 1 },
          { field: 'karma', operator: '=', value: 1 },
        ],
      }),
    ).toEqual(['Rule 3 (upvotes): unknown operator "foo".', 'Rule 4: unknown field "karma".']);
  });

  it('refuses bad values, empty texts and oversize patterns', () => {
    const one = (rule: object) => errorsOf({ combinator: 'and', rules: [rule] });
    expect(one({ field: 'upvotes', operator: 'between', value: [500, 100] })).toEqual([
      'Rule 1 (upvotes): the minimum 500 is greater than the maximum 100.',
    ]);
    expect(one({ field: 'comments', operator: '>', value: '1.5' })).toEqual([
      'Rule 1 (comments): "1.5" is not a whole number.',
    ]);
    expect(one({ field: 'replies', operator: '>', value: [1, 2] })).toEqual([
      'Rule 1 (replies): operator ">" takes one whole number.',
    ]);
    expect(one({ field: 'upvotes', operator: 'between', value: 5 })).toEqual([
      'Rule 1 (upvotes): operator "between" takes a range [min, max].',
    ]);
    expect(one({ field: 'upvotes', operator: '>', value: 1e12 })).toEqual([
      'Rule 1 (upvotes): 1000000000000 is out of range.',
    ]);
    expect(one({ field: 'keyword', operator: '=', value: ' !? ' })).toEqual([
      'Rule 1 (keyword): enter at least one word.',
    ]);
    expect(one({ field: 'keyword', operator: '=', value: 'a'.repeat(501) })).toEqual([
      'Rule 1 (keyword): the text has more than 500 characters.',
    ]);
    expect(one({ field: 'regex', operator: 'regex_matches', value: 'a'.repeat(257) })).toEqual([
      'Rule 1 (regex): the pattern has more than 256 characters.',
    ]);
    expect(one({ field: 'regex', operator: 'regex_matches', value: 'a'.repeat(256) })).toEqual([]);
    expect(one({ type: 'keyword', field: 'regex', operator: 'regex_matches', value: 'a' })).toEqual([
      'Rule 1 (regex): type "keyword" does not match the field.',
    ]);
  });

  it("adds the regex engine's message when the caller passes one", () => {
    const input = { rules: [{ field: 'regex', operator: 'regex_matches', value: '(a' }] };
    expect(errorsOf(input)).toEqual([]);
    const result = parseFilterTree(input, { regexError: (p) => (p === '(a' ? 'missing ): (a' : undefined) });
    expect(result).toEqual({ ok: false, errors: ['Rule 1 (regex): invalid pattern: missing ): (a'] });
  });

  it('limits depth to 5 and rules to 50', () => {
    let deep: object = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'a' }] };
    for (let i = 0; i < 4; i += 1) deep = { combinator: 'and', rules: [deep] };
    expect(errorsOf(deep)).toEqual([]);
    expect(errorsOf({ combinator: 'and', rules: [deep] })).toEqual([
      'Group 5: groups nest at most 5 levels deep.',
    ]);
    const rules = (n: number) =>
      Array.from({ length: n }, () => ({ field: 'upvotes', operator: '>', value: 1 }));
    expect(errorsOf({ combinator: 'and', rules: rules(50) })).toEqual([]);
    expect(errorsOf({ combinator: 'and', rules: rules(51) })).toEqual([
      'Filters have 51 rules; at most 50 are allowed.',
    ]);
  });

  it('refuses a non-tree, a bad combinator and independent combinators', () => {
    expect(errorsOf(null)).toEqual(['Filters must be an object with a combinator and a list of rules.']);
    expect(errorsOf({ combinator: 'xor', rules: [] })).toEqual([
      'Filters: unknown combinator "xor" (use AND or OR).',
    ]);
    expect(errorsOf({ combinator: 'and', rules: [{ combinator: 'and', rules: ['and'] }] })).toEqual([
      'Group 1: a combinator between single rules is not supported; use one per group.',
    ]);
    const result = FilterTreeSchema.safeParse({ rules: [{ field: 'nope' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Rule 1: unknown field "nope".']);
  });
});

describe('describeFilterTree, fields and defaults', () => {
  it('renders the SQL-like query string', () => {
    expect(describeFilterTree(parsed(ORDER_PRESETS[0]!.filters))).toBe(
      "(keyword CONTAINS 'python' AND upvotes BETWEEN 100 AND 500)",
    );
    const tree = parsed({
      combinator: 'or',
      rules: [
        { field: 'keyword', operator: 'does_not_contain', value: "o'k" },
        {
          combinator: 'and',
          not: true,
          rules: [
            { field: 'regex', operator: 'regex_not_matches', value: '^a' },
            { field: 'replies', operator: 'between', value: [null, 5] },
            { field: 'comments', operator: 'between', value: [2, null] },
            { field: 'upvotes', operator: 'between', value: [null, null] },
            { field: 'upvotes', operator: '<', value: 3 },
            { combinator: 'and', rules: [] },
          ],
        },
      ],
    });
    expect(describeFilterTree(tree)).toBe(
      "(keyword NOT CONTAINS 'o''k' OR NOT (regex NOT MATCHES '^a' AND replies <= 5 AND comments >= 2 AND " +
        'upvotes IS ANY AND upvotes < 3))',
    );
    expect(describeFilterTree(parsed({ combinator: 'and', rules: [] }))).toBe('');
  });

  it('offers fields by search type and resets operators per field (docs/product.md §7.3, §7.14)', () => {
    const shared = ['subreddit', 'author', 'created', 'nsfw', 'removed'];
    expect(filterFieldsFor('posts').map((f) => f.name)).toEqual([
      'keyword',
      'regex',
      'upvotes',
      'comments',
      ...shared,
      'post_kind',
      'domain',
      'flair',
    ]);
    expect(filterFieldsFor('comments').map((f) => f.name)).toEqual([
      'keyword',
      'regex',
      'replies',
      'comment_upvotes',
      ...shared,
    ]);
    expect(filterFieldsFor('both').map((f) => f.name)).toEqual([
      'keyword',
      'regex',
      'upvotes',
      'comments',
      'replies',
      'comment_upvotes',
      ...shared,
      'post_kind',
      'domain',
      'flair',
    ]);
    expect(defaultRuleFor('upvotes')).toEqual({ operator: 'between', value: [null, null] });
    expect(defaultRuleFor('keyword')).toEqual({ operator: 'keyword_contains', value: '' });
    expect(defaultRuleFor('regex')).toEqual({ operator: 'regex_matches', value: '' });
    expect(defaultRuleFor('other')).toEqual({ operator: '=', value: '' });
    expect(errorsOf(DEFAULT_FILTER_TREE)).toEqual(['Rule 1 (keyword): enter at least one word.']);
  });
});
