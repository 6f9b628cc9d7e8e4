import {
  binStart,
  type AggregateTopField,
  type AggregationsRequest,
  type HistogramBin,
  type TopEntry,
} from '@threadcart/contracts';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import type { AggregateKeys } from '../../../../db/repositories/corpus/search/corpus-aggregate.repository.ts';
import { estimateFromPages, wilsonInterval, type Estimate } from '../estimate.ts';

// Turns matching records (every one of them, or a random sample's) into the histogram and the top lists.

/** The group a record falls in for a top list; undefined when the field does not apply to its type. */
export function topKeyOf(field: AggregateTopField, keys: AggregateKeys): string | undefined {
  if (field === 'thread') return keys.link_id;
  if (field === 'domain') return keys.domain;
  return keys[field];
}

/** A record type's matches counted one by one (exact) or a random sample of its rows (an estimate). */
export type TypeTally =
  | { readonly kind: 'exact'; readonly type: RecordType; readonly keys: readonly AggregateKeys[] }
  | {
      /** SQLite: `read` rowids drawn uniformly from 1..units, `keys` those that matched */
      readonly kind: 'rowids';
      readonly type: RecordType;
      readonly units: number;
      readonly read: number;
      readonly keys: readonly AggregateKeys[];
    }
  | {
      /** PostgreSQL: whole pages drawn at random (a cluster sample), each with its rows and its matches */
      readonly kind: 'pages';
      readonly type: RecordType;
      readonly units: number;
      readonly rowsStored: number;
      readonly pages: readonly { readonly tuples: number; readonly keys: readonly AggregateKeys[] }[];
    };

const countBy = (keys: readonly AggregateKeys[], groupOf: (k: AggregateKeys) => string | undefined) => {
  const counts = new Map<string, number>();
  for (const k of keys) {
    const group = groupOf(k);
    if (group !== undefined) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return counts;
};

/** Each group's count in one type: exact, or scaled up from the sample with its 95 % range (as estimate.ts). */
export function estimateGroups(
  tally: TypeTally,
  groupOf: (k: AggregateKeys) => string | undefined,
  only?: ReadonlySet<string>,
): Map<string, Estimate> {
  const result = new Map<string, Estimate>();
  if (tally.kind === 'exact') {
    for (const [group, n] of countBy(tally.keys, groupOf)) result.set(group, { value: n, low: n, high: n });
    return result;
  }
  if (tally.kind === 'rowids') {
    for (const [group, k] of countBy(tally.keys, groupOf)) {
      const share = wilsonInterval(k, tally.read);
      result.set(group, {
        value: Math.round((k / Math.max(1, tally.read)) * tally.units),
        low: Math.floor(share.low * tally.units),
        high: Math.ceil(share.high * tally.units),
      });
    }
    return result;
  }
  const perPage = tally.pages.map((page) => countBy(page.keys, groupOf));
  const groups = only ?? new Set(perPage.flatMap((counts) => [...counts.keys()]));
  for (const group of groups) {
    const pages = tally.pages.map((page, i) => ({
      tuples: page.tuples,
      matches: perPage[i]!.get(group) ?? 0,
    }));
    result.set(group, estimateFromPages(pages, tally.units, tally.rowsStored));
  }
  return result;
}

const toCount = (e: Estimate) => ({
  count: e.value,
  low: Math.min(e.low, e.value),
  high: Math.max(e.high, e.value),
});

/** One type's histogram, oldest bin first, bins without a match left out. */
export function histogramOf(tally: TypeTally, interval: AggregationsRequest['interval']): HistogramBin[] {
  return [...estimateGroups(tally, (k) => binStart(k.created_utc, interval))]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([start, e]) => ({ start, ...toCount(e) }))
    .filter((bin) => bin.count > 0);
}

/** Each record a tally holds stands for this many records of its type (1 when every match was counted). */
function weightOf(tally: TypeTally): number {
  if (tally.kind === 'exact') return 1;
  if (tally.kind === 'rowids') return tally.units / Math.max(1, tally.read);
  return tally.units / Math.max(1, tally.pages.length);
}

/**
 * The names a top list may hold: the `count` largest by their sampled records scaled up (a cheap first cut, so
 * the ranges are worked out for those alone: thousands of authors × a thousand pages took seconds).
 */
function leadingNames(
  tallies: readonly TypeTally[],
  groupOf: (k: AggregateKeys) => string | undefined,
  count: number,
): Set<string> {
  const scores = new Map<string, number>();
  for (const tally of tallies) {
    const weight = weightOf(tally);
    const keys = tally.kind === 'pages' ? tally.pages.flatMap((page) => page.keys) : tally.keys;
    for (const [name, n] of countBy(keys, groupOf)) scores.set(name, (scores.get(name) ?? 0) + n * weight);
  }
  return new Set(
    [...scores]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, count)
      .map(([name]) => name),
  );
}

/** A top list over the types' tallies (their estimates summed by name), the largest first, ties by name. */
export function topListOf(
  tallies: readonly TypeTally[],
  field: AggregateTopField,
  limit: number,
): TopEntry[] {
  const groupOf = (k: AggregateKeys) => topKeyOf(field, k);
  const candidates = leadingNames(tallies, groupOf, limit * 2);
  const sums = new Map<string, { value: number; low: number; high: number }>();
  for (const tally of tallies)
    for (const [name, e] of estimateGroups(tally, groupOf, candidates)) {
      if (!candidates.has(name)) continue;
      const sum = sums.get(name) ?? { value: 0, low: 0, high: 0 };
      sum.value += e.value;
      sum.low += e.low;
      sum.high += e.high;
      sums.set(name, sum);
    }
  return [...sums]
    .map(([name, e]) => ({ name, ...toCount(e) }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit);
}
