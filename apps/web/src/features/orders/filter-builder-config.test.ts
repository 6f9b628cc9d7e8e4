import { describeFilterTree, FILTER_FIELDS, ORDER_PRESETS, parseFilterTree } from '@threadcart/contracts';
import {
  builderOperatorsFor,
  builderDefaultOperator,
  builderDefaultValue,
  builderFieldsFor,
  checkBuilderQuery,
  countBuilderRules,
  initialBuilderQuery,
  toBuilderQuery,
  toPayloadFilters,
} from './filter-builder-config.ts';

const names = (fields: { name: string }[]) => fields.map((field) => field.name);

describe('builder fields', () => {
  it('offers the registry fields of each content type: keyword, regex always (docs/product.md §7.14)', () => {
    const shared = ['subreddit', 'author', 'created', 'nsfw', 'removed'];
    const postOnly = ['post_kind', 'domain', 'flair'];
    expect(names(builderFieldsFor('posts'))).toEqual([
      'keyword',
      'regex',
      'upvotes',
      'comments',
      ...shared,
      ...postOnly,
    ]);
    expect(names(builderFieldsFor('comments'))).toEqual([
      'keyword',
      'regex',
      'replies',
      'comment_upvotes',
      ...shared,
    ]);
    expect(names(builderFieldsFor('both'))).toEqual([
      'keyword',
      'regex',
      'upvotes',
      'comments',
      'replies',
      'comment_upvotes',
      ...shared,
      ...postOnly,
    ]);
    expect(names(builderFieldsFor('both'))).toEqual(FILTER_FIELDS);
  });

  it('gives the text rules their placeholders (docs/product.md §7.14)', () => {
    const fields = builderFieldsFor('posts');
    expect(fields.find((f) => f.name === 'keyword')?.placeholder).toBe('e.g. python');
    expect(fields.find((f) => f.name === 'regex')?.placeholder).toMatch(/^e\.g\. \.\*\w+\.\*$/);
    expect(fields.find((f) => f.name === 'flair')?.placeholder).toBe('e.g. Discussion');
  });

  it('resets operator and value per field (docs/product.md §7.3)', () => {
    for (const field of ['upvotes', 'comments', 'replies']) {
      expect(builderDefaultOperator(field)).toBe('between');
      expect(builderDefaultValue({ field, operator: 'between', value: 'x' })).toEqual([null, null]);
    }
    expect(builderDefaultOperator('keyword')).toBe('keyword_contains');
    expect(builderDefaultOperator('regex')).toBe('regex_matches');
    expect(builderDefaultOperator('other')).toBe('=');
    expect(builderDefaultValue({ field: 'keyword', operator: 'keyword_contains', value: 'x' })).toBe('');
    expect(builderDefaultOperator('created')).toBe('between');
    expect(builderDefaultValue({ field: 'created', operator: 'between', value: 'x' })).toEqual([null, null]);
    expect(builderDefaultOperator('subreddit')).toBe('in');
    expect(builderDefaultValue({ field: 'subreddit', operator: 'in', value: 'x' })).toEqual([]);
    expect(builderDefaultOperator('removed')).toBe('=');
    expect(builderDefaultValue({ field: 'removed', operator: '=', value: 'x' })).toBe(false);
    expect(builderDefaultOperator('flair')).toBe('contains');
  });
});

describe('builder tree', () => {
  it('starts as the default of docs/product.md §7.14: one keyword rule with = (shown as contains), empty value', () => {
    const query = initialBuilderQuery();
    expect(query.combinator).toBe('and');
    expect(query.rules).toHaveLength(1);
    expect(query.rules[0]).toMatchObject({ field: 'keyword', operator: 'keyword_contains', value: '' });
    expect(query.id).toEqual(expect.any(String));
  });

  it('sends the builder tree without its ids', () => {
    const query = toBuilderQuery({
      combinator: 'or',
      rules: [
        { field: 'keyword', operator: '=', value: 'a' },
        { combinator: 'and', rules: [] },
      ],
    });
    expect(JSON.stringify(toPayloadFilters(query))).not.toContain('"id"');
    expect(toPayloadFilters(query)).toEqual({
      combinator: 'or',
      rules: [
        { field: 'keyword', operator: 'keyword_contains', value: 'a' },
        { combinator: 'and', rules: [] },
      ],
    });
  });

  it('offers keyword "contains" and "does not contain", not the legacy = that means contains', () => {
    expect(builderOperatorsFor('keyword').map((operator) => operator.name)).toEqual([
      'keyword_contains',
      'does_not_contain',
    ]);
    expect(builderOperatorsFor('upvotes').map((operator) => operator.name)).toContain('=');
    const nested = toBuilderQuery({
      combinator: 'and',
      rules: [{ combinator: 'or', rules: [{ field: 'keyword', operator: 'equals', value: 'a' }] }],
    });
    expect(toPayloadFilters(nested)).toEqual({
      combinator: 'and',
      rules: [{ combinator: 'or', rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'a' }] }],
    });
  });

  it('counts rules in nested groups', () => {
    expect(
      countBuilderRules(toBuilderQuery({ combinator: 'and', rules: [{ combinator: 'or', rules: [] }] })),
    ).toBe(0);
    expect(
      countBuilderRules(
        toBuilderQuery({
          combinator: 'and',
          rules: [
            { field: 'keyword', operator: '=', value: 'a' },
            { combinator: 'or', rules: [{ field: 'regex', operator: 'regex_matches', value: 'b' }] },
          ],
        }),
      ),
    ).toBe(2);
  });
});

describe('checkBuilderQuery', () => {
  it('renders the preset as the server will store it', () => {
    const preset = ORDER_PRESETS.find((p) => p.name === 'High Quality Posts')!;
    const parsed = parseFilterTree(preset.filters);
    if (!parsed.ok) throw new Error('preset should parse');
    const check = checkBuilderQuery(toBuilderQuery(parsed.tree));
    expect(check).toMatchObject({
      status: 'valid',
      preview: "(keyword CONTAINS 'python' AND upvotes BETWEEN 100 AND 500)",
    });
    expect(check.status === 'valid' && check.preview).toBe(describeFilterTree(parsed.tree));
  });

  it('previews every new field as the server will store it (decision 017)', () => {
    const check = checkBuilderQuery(
      toBuilderQuery({
        combinator: 'and',
        rules: [
          { field: 'subreddit', operator: 'in', value: ['r/Science', 'askscience'] },
          { field: 'author', operator: 'not_in', value: ['u/spez'] },
          { field: 'created', operator: 'between', value: ['2022-11-01', '2022-11-30'] },
          { field: 'comment_upvotes', operator: '>=', value: 5 },
          { field: 'nsfw', operator: '=', value: false },
          { field: 'removed', operator: '=', value: true },
          { field: 'post_kind', operator: 'in', value: ['self', 'image'] },
          { field: 'domain', operator: 'in', value: ['i.redd.it'] },
          { field: 'flair', operator: 'contains', value: 'Discussion' },
        ],
      }),
    );
    expect(check).toEqual({
      status: 'valid',
      tree: expect.anything(),
      preview:
        "(subreddit IN ('science', 'askscience') AND author NOT IN ('spez') AND created BETWEEN '2022-11-01' AND " +
        "'2022-11-30' AND comment_upvotes >= 5 AND nsfw = false AND removed = true AND post_kind IN ('self', " +
        "'image') AND domain IN ('i.redd.it') AND flair CONTAINS 'Discussion')",
    });
  });

  it('reports an empty tree, and names unfinished rules', () => {
    expect(checkBuilderQuery(toBuilderQuery({ combinator: 'and', rules: [] }))).toEqual({ status: 'empty' });
    expect(checkBuilderQuery(initialBuilderQuery())).toEqual({
      status: 'invalid',
      errors: ['Rule 1 (keyword): enter at least one word.'],
    });
  });
});
