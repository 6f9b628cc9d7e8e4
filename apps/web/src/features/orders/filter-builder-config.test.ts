import { describeFilterTree, ORDER_PRESETS, parseFilterTree } from '@threadcart/contracts';
import {
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
  it('offers keyword and regex always, post counts for posts, replies for comments (spec §4)', () => {
    expect(names(builderFieldsFor('posts'))).toEqual(['keyword', 'regex', 'upvotes', 'comments']);
    expect(names(builderFieldsFor('comments'))).toEqual(['keyword', 'regex', 'replies']);
    expect(names(builderFieldsFor('both'))).toEqual(['keyword', 'regex', 'upvotes', 'comments', 'replies']);
  });

  it('gives the text rules their placeholders (spec §5)', () => {
    const fields = builderFieldsFor('posts');
    expect(fields.find((f) => f.name === 'keyword')?.placeholder).toBe('e.g. python');
    expect(fields.find((f) => f.name === 'regex')?.placeholder).toMatch(/^e\.g\. \.\*\w+\.\*$/);
  });

  it('resets operator and value per field (spec §4)', () => {
    for (const field of ['upvotes', 'comments', 'replies']) {
      expect(builderDefaultOperator(field)).toBe('between');
      expect(builderDefaultValue({ field, operator: 'between', value: 'x' })).toEqual([null, null]);
    }
    expect(builderDefaultOperator('keyword')).toBe('keyword_contains');
    expect(builderDefaultOperator('regex')).toBe('regex_matches');
    expect(builderDefaultOperator('other')).toBe('=');
    expect(builderDefaultValue({ field: 'keyword', operator: 'keyword_contains', value: 'x' })).toBe('');
  });
});

describe('builder tree', () => {
  it('starts as the spec default: one keyword rule with = and an empty value', () => {
    const query = initialBuilderQuery();
    expect(query.combinator).toBe('and');
    expect(query.rules).toHaveLength(1);
    expect(query.rules[0]).toMatchObject({ field: 'keyword', operator: '=', value: '' });
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
        { field: 'keyword', operator: '=', value: 'a' },
        { combinator: 'and', rules: [] },
      ],
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

  it('reports an empty tree, and names unfinished rules', () => {
    expect(checkBuilderQuery(toBuilderQuery({ combinator: 'and', rules: [] }))).toEqual({ status: 'empty' });
    expect(checkBuilderQuery(initialBuilderQuery())).toEqual({
      status: 'invalid',
      errors: ['Rule 1 (keyword): enter at least one word.'],
    });
  });
});
