import { describe, expect, it } from 'vitest';
import { ORDER_PRESETS } from './filters.ts';
import { CreateOrderRequestSchema, createOrderRequestSchema, ORDER_MESSAGES } from './orders.ts';

const issuesOf = (filters: unknown, options = {}) => {
  const result = createOrderRequestSchema(options).safeParse({ result_count: 5, filters });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('CreateOrderRequestSchema: filters parsed once, at the edge', () => {
  it('normalises every accepted payload form to the canonical tree', () => {
    const order = CreateOrderRequestSchema.parse({ result_count: 5, filters: ORDER_PRESETS[0]!.filters });
    expect(order.filters).toEqual({
      combinator: 'and',
      not: false,
      rules: [
        { field: 'keyword', operator: 'keyword_contains', value: 'python' },
        { field: 'upvotes', operator: 'between', value: [100, 500] },
      ],
    });
    const items = {
      type: 'group',
      combinator: 'AND',
      items: [{ type: 'nsfw', operator: '=', value: 'true' }],
    };
    expect(CreateOrderRequestSchema.parse({ result_count: 5, filters: items }).filters).toEqual({
      combinator: 'and',
      not: false,
      rules: [{ field: 'nsfw', operator: '=', value: true }],
    });
  });

  it('asks for a filter when there is no tree or no rule left in it', () => {
    const addFilter = [['filters', ORDER_MESSAGES.addFilter]];
    expect(issuesOf(undefined)).toEqual(addFilter);
    expect(issuesOf(null)).toEqual(addFilter);
    expect(issuesOf({ combinator: 'and', rules: [] })).toEqual(addFilter);
    expect(issuesOf({ rules: [{ combinator: 'or', rules: [] }] })).toEqual(addFilter);
    expect(issuesOf({ rules: [{ field: 'keyword', operator: '=', value: 'x', disabled: true }] })).toEqual(
      addFilter,
    );
  });

  it("gives parseFilterTree's messages, and the regex engine's through the options", () => {
    expect(issuesOf({ rules: [{ field: 'upvotes', operator: 'foo', value: 1 }] })).toEqual([
      ['filters', 'Rule 1 (upvotes): unknown operator "foo".'],
    ]);
    const regex = { rules: [{ field: 'regex', operator: 'regex_matches', value: '(a' }] };
    expect(issuesOf(regex)).toEqual([]);
    expect(issuesOf(regex, { regexError: () => 'missing )' })).toEqual([
      ['filters', 'Rule 1 (regex): invalid pattern: missing )'],
    ]);
  });
});
