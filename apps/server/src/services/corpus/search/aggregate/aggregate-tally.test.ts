import { describe, expect, it } from 'vitest';
import type { AggregateKeys } from '../../../../db/repositories/corpus/search/corpus-aggregate.repository.ts';
import { histogramOf, topListOf, type TypeTally } from './aggregate-tally.ts';

const DAY = 86_400;
const JAN_2023 = Date.UTC(2023, 0, 1) / 1000;

/** A seeded generator (mulberry32): the trials are the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A table of `rows` rows, stored in time order (as a generated corpus is); undefined where a row does not match. */
function population(rows: number, rand: () => number): (AggregateKeys | undefined)[] {
  const subreddits = ['big', 'mid', 'small'];
  return Array.from({ length: rows }, (_, i) => {
    if (rand() > 0.3) return undefined;
    const pick = rand();
    return {
      created_utc: JAN_2023 + Math.floor((i / rows) * 180) * DAY,
      subreddit: subreddits[pick < 0.6 ? 0 : pick < 0.9 ? 1 : 2]!,
      author: `a${Math.floor(rand() * 5)}`,
    };
  });
}

const exactOf = (table: (AggregateKeys | undefined)[]) => ({
  kind: 'exact' as const,
  type: 'comments' as const,
  keys: table.filter((k) => k !== undefined),
});

describe('aggregations from a tally', () => {
  it('counts every match exactly: bins per month, names largest first', () => {
    const table = population(5_000, random(1));
    const tally = exactOf(table);
    const bins = histogramOf(tally, 'month');
    expect(bins.map((bin) => bin.start)).toEqual([
      '2023-01-01',
      '2023-02-01',
      '2023-03-01',
      '2023-04-01',
      '2023-05-01',
      '2023-06-01',
    ]);
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(tally.keys.length);
    for (const bin of bins) expect([bin.low, bin.high]).toEqual([bin.count, bin.count]);
    const top = topListOf([tally], 'subreddit', 2);
    expect(top.map((entry) => entry.name)).toEqual(['big', 'mid']);
    expect(top[0]!.count).toBe(tally.keys.filter((k) => k.subreddit === 'big').length);
  });

  it('sums the types of a top list and leaves a field a type does not have to the other', () => {
    const posts: TypeTally = {
      kind: 'exact',
      type: 'posts',
      keys: [{ created_utc: JAN_2023, subreddit: 'x', author: 'ann', domain: 'example.com' }],
    };
    const comments: TypeTally = {
      kind: 'exact',
      type: 'comments',
      keys: [
        { created_utc: JAN_2023, subreddit: 'x', author: 'bob', link_id: 't3_p1' },
        { created_utc: JAN_2023, subreddit: 'y', author: 'bob', link_id: 't3_p1' },
      ],
    };
    expect(topListOf([posts, comments], 'subreddit', 10)).toEqual([
      { name: 'x', count: 2, low: 2, high: 2 },
      { name: 'y', count: 1, low: 1, high: 1 },
    ]);
    expect(topListOf([posts, comments], 'domain', 10).map((e) => e.name)).toEqual(['example.com']);
    expect(topListOf([posts, comments], 'thread', 10)).toEqual([
      { name: 't3_p1', count: 2, low: 2, high: 2 },
    ]);
  });

  // 200 trials each: the 95 % ranges of every bin and every top entry hold the exact count in at least 90 % of them.
  const TRIALS = 200;
  const ROWS = 60_000;

  it('scales a uniform sample of rowids up with ranges that hold the exact counts (SQLite)', () => {
    const rand = random(7);
    const table = population(ROWS, rand);
    const exactBins = new Map(histogramOf(exactOf(table), 'month').map((bin) => [bin.start, bin.count]));
    const exactTop = new Map(topListOf([exactOf(table)], 'subreddit', 3).map((e) => [e.name, e.count]));
    let held = 0;
    let checked = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const read = 2_000;
      const keys: AggregateKeys[] = [];
      for (let i = 0; i < read; i++) {
        const row = table[Math.floor(rand() * ROWS)];
        if (row) keys.push(row);
      }
      const tally: TypeTally = { kind: 'rowids', type: 'comments', units: ROWS, read, keys };
      for (const bin of histogramOf(tally, 'month')) {
        checked += 1;
        const truth = exactBins.get(bin.start)!;
        if (bin.low <= truth && truth <= bin.high) held += 1;
      }
      for (const entry of topListOf([tally], 'subreddit', 3)) {
        checked += 1;
        const truth = exactTop.get(entry.name)!;
        if (entry.low <= truth && truth <= entry.high) held += 1;
      }
    }
    expect(checked).toBeGreaterThan(TRIALS * 8);
    expect(held / checked).toBeGreaterThanOrEqual(0.9);
  });

  it('scales a sample of whole pages up with cluster-sample ranges that hold the exact counts (PostgreSQL)', () => {
    const rand = random(11);
    const table = population(ROWS, rand);
    const perPage = 20;
    const units = ROWS / perPage;
    const exactBins = new Map(histogramOf(exactOf(table), 'month').map((bin) => [bin.start, bin.count]));
    let held = 0;
    let checked = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const picked = new Set<number>();
      while (picked.size < 150) picked.add(Math.floor(rand() * units));
      const pages = [...picked].map((page) => ({
        tuples: perPage,
        keys: table.slice(page * perPage, (page + 1) * perPage).filter((k) => k !== undefined),
      }));
      const tally: TypeTally = { kind: 'pages', type: 'comments', units, rowsStored: ROWS, pages };
      for (const bin of histogramOf(tally, 'month')) {
        checked += 1;
        const truth = exactBins.get(bin.start)!;
        if (bin.low <= truth && truth <= bin.high) held += 1;
      }
    }
    expect(checked).toBeGreaterThan(TRIALS * 5);
    expect(held / checked).toBeGreaterThanOrEqual(0.9);
  });
});
