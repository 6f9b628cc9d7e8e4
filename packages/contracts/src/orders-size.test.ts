import { describe, expect, it } from 'vitest';
import { CreateOrderRequestSchema, ORDER_MESSAGES } from './orders.ts';

const filters = { rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'vaccine' }] };
const issuesOf = (input: Record<string, unknown>) => {
  const result = CreateOrderRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('order sizes (docs/decisions/045-large-orders.md)', () => {
  it('keeps the standard order at 1 to 1,000 with its message, also beside other fields’ messages', () => {
    expect(issuesOf({ result_count: 1000, filters })).toEqual([]);
    expect(issuesOf({ result_count: 1001, filters })).toEqual([['result_count', ORDER_MESSAGES.resultCount]]);
    expect(ORDER_MESSAGES.resultCount).toBe('Ensure this value is a whole number from 1 to 1000.');
    expect(issuesOf({ result_count: 1001, filters: null })).toEqual([
      ['filters', ORDER_MESSAGES.addFilter],
      ['result_count', ORDER_MESSAGES.resultCount],
    ]);
    expect(issuesOf({ result_count: 0, filters })).toEqual([['result_count', ORDER_MESSAGES.resultCount]]);
    expect(issuesOf({ result_count: 5000, filters, size: 'huge' })).toEqual([
      ['size', ORDER_MESSAGES.size],
      ['result_count', ORDER_MESSAGES.resultCount],
    ]);
  });

  it('lets a large order ask for more, with standard the default size and compression optional', () => {
    const large = CreateOrderRequestSchema.parse({ result_count: 1_000_000, filters, size: 'large' });
    expect(large).toMatchObject({ size: 'large', result_count: 1_000_000 });
    expect(large.compression).toBeUndefined();
    expect(CreateOrderRequestSchema.parse({ result_count: 5, filters }).size).toBe('standard');
    expect(issuesOf({ result_count: 5, filters, size: 'large', compression: 'rar' })).toEqual([
      ['compression', ORDER_MESSAGES.compression],
    ]);
  });
});
