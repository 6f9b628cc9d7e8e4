import { describe, expect, it } from 'vitest';
import { toBuilderQuery } from './filter-builder-config.ts';
import { addNarrowingRule, binEnd, chooseInterval } from './insights.ts';

const keyword = { field: 'keyword', operator: 'keyword_contains', value: 'python' };
const created = (from: string | null, to: string | null) => ({
  field: 'created',
  operator: 'between',
  value: [from, to],
});

describe('the builder’s aggregations', () => {
  it('bins by day for a month, by week for a season, by month for years, by year past 20', () => {
    const interval = (rules: object[]) =>
      chooseInterval(toBuilderQuery({ combinator: 'and', rules } as never));
    expect(interval([keyword])).toBe('month');
    expect(interval([keyword, created('2023-01-01', '2023-01-31')])).toBe('day');
    expect(interval([created('2023-01-01', '2023-05-31')])).toBe('week');
    expect(interval([created('2015-01-01', '2023-12-31')])).toBe('month');
    expect(interval([created('1990-01-01', '2023-12-31')])).toBe('year');
    expect(interval([created('2023-01-01', null)])).toBe('month');
  });

  it('ends each bin on its last day', () => {
    expect(binEnd('2024-02-01', 'month')).toBe('2024-02-29');
    expect(binEnd('2022-12-26', 'week')).toBe('2023-01-01');
    expect(binEnd('2023-06-05', 'day')).toBe('2023-06-05');
    expect(binEnd('2023-01-01', 'year')).toBe('2023-12-31');
  });

  it('adds a rule that narrows: beside an AND group’s rules, or with an OR tree under a new AND group', () => {
    const rule = { field: 'subreddit', operator: 'in', value: ['Python'] };
    const and = addNarrowingRule(toBuilderQuery({ combinator: 'and', rules: [keyword] } as never), rule);
    expect(and.combinator).toBe('and');
    expect(and.rules).toHaveLength(2);
    expect(and.rules[1]).toMatchObject(rule);
    const or = addNarrowingRule(
      toBuilderQuery({ combinator: 'or', rules: [keyword, keyword] } as never),
      rule,
    );
    expect(or.combinator).toBe('and');
    expect(or.rules[0]).toMatchObject({ combinator: 'or' });
    expect(or.rules[1]).toMatchObject({ ...rule, id: expect.any(String) });
  });
});
