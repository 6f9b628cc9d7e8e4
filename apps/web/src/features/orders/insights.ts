import type { AggregateInterval, AggregationsRequest } from '@threadcart/contracts';
import type { RuleGroupType, RuleType } from 'react-querybuilder';
import type { BuilderQuery } from './filter-builder-config.ts';

const DAY_MS = 86_400_000;

/** The creation range a tree's top-level AND rules set, as epoch ms (null: open on that side). */
function createdRange(query: BuilderQuery): { from: number | null; to: number | null } {
  let from: number | null = null;
  let to: number | null = null;
  if (query.combinator.toLowerCase() !== 'and' || query.not) return { from, to };
  for (const rule of query.rules) {
    if (typeof rule === 'string' || 'rules' in rule || rule.field !== 'created') continue;
    const parse = (v: unknown) => (typeof v === 'string' && v !== '' ? Date.parse(v) : Number.NaN);
    if (rule.operator === 'between' && Array.isArray(rule.value)) {
      const [a, b] = (rule.value as unknown[]).map(parse);
      if (!Number.isNaN(a!)) from = a!;
      if (!Number.isNaN(b!)) to = b!;
    } else if (rule.operator === '>=' && !Number.isNaN(parse(rule.value))) from = parse(rule.value);
    else if (rule.operator === '<=' && !Number.isNaN(parse(rule.value))) to = parse(rule.value);
  }
  return { from, to };
}

/**
 * The histogram's bins from the tree's date range: days for up to two months, weeks for up to half a year, months
 * for up to 20 years, else years; months when the tree sets no closed range.
 */
export function chooseInterval(query: BuilderQuery): AggregateInterval {
  const { from, to } = createdRange(query);
  if (from === null || to === null) return 'month';
  const days = (to - from) / DAY_MS;
  if (days <= 62) return 'day';
  if (days <= 183) return 'week';
  return days <= 20 * 366 ? 'month' : 'year';
}

/** What the builder asks the dry run to aggregate. */
export const builderAggregations = (query: BuilderQuery): AggregationsRequest => ({
  interval: chooseInterval(query),
  top: ['subreddit', 'author'],
  top_limit: 8,
});

/** The last day (YYYY-MM-DD, UTC) of the bin that starts on `start`. */
export function binEnd(start: string, interval: AggregateInterval): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const end =
    interval === 'day'
      ? Date.UTC(y, m - 1, d)
      : interval === 'week'
        ? Date.UTC(y, m - 1, d + 6)
        : interval === 'month'
          ? Date.UTC(y, m, 0)
          : Date.UTC(y, 11, 31);
  return new Date(end).toISOString().slice(0, 10);
}

/**
 * The tree with one more rule that narrows it: appended to a top-level AND group, else the tree and the rule under
 * a new AND group.
 */
export function addNarrowingRule(query: BuilderQuery, rule: RuleType): BuilderQuery {
  // The builder keys its rows by id: the new rule (and a new group) get one.
  const prepared: RuleType = { ...rule, id: rule.id ?? crypto.randomUUID() };
  if (query.combinator.toLowerCase() === 'and' && !query.not)
    return { ...query, rules: [...query.rules, prepared] };
  const inner: RuleGroupType = { ...query };
  return { id: crypto.randomUUID(), combinator: 'and', not: false, rules: [inner, prepared] };
}
