import { describe, expect, it } from 'vitest';
import { estimateFromPages, shareLimits, tQuantile975, type SampledPageCount } from './estimate.ts';

// The range of a PostgreSQL estimate from sampled pages (estimateFromPages), over tables simulated in memory: a
// seeded generator draws the pages, so every run sees the same samples. Rows stored together look alike (the
// generated corpus is stored in time order), which a range from the rows alone does not see.

/** A small seeded generator (mulberry32): the same draws on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** n distinct pages of the table, drawn at random. */
function drawPages(table: readonly SampledPageCount[], n: number, random: () => number): SampledPageCount[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(n, table.length)) picked.add(Math.floor(random() * table.length));
  return [...picked].map((i) => table[i]!);
}

/** How often the range holds the table's count, and the median of high / max(1, low), over `runs` samples. */
function coverage(table: readonly SampledPageCount[], pages: number, runs: number, seed: number) {
  const random = seeded(seed);
  const exact = table.reduce((sum, page) => sum + page.matches, 0);
  const rows = table.reduce((sum, page) => sum + page.tuples, 0);
  let inside = 0;
  const widths: number[] = [];
  for (let run = 0; run < runs; run++) {
    const estimate = estimateFromPages(drawPages(table, pages, random), table.length, rows);
    expect(estimate.low).toBeLessThanOrEqual(estimate.value);
    expect(estimate.value).toBeLessThanOrEqual(estimate.high);
    if (estimate.low <= exact && exact <= estimate.high) inside += 1;
    widths.push(estimate.high / Math.max(1, estimate.low));
  }
  widths.sort((a, b) => a - b);
  return { share: inside / runs, medianWidth: widths[Math.floor(runs / 2)]! };
}

const PAGES = 5_000;
const random = seeded(7);
/** 8–12 rows a page; every row matches at `share`, independently. */
const scattered = (share: number) =>
  Array.from({ length: PAGES }, () => {
    const tuples = 8 + Math.floor(random() * 5);
    let matches = 0;
    for (let i = 0; i < tuples; i++) if (random() < share) matches += 1;
    return { tuples, matches };
  });
/** 8–12 rows a page; the rows of one run of pages match (a date rule over a table stored in time order). */
const clustered = (share: number) =>
  Array.from({ length: PAGES }, (_, page) => {
    const tuples = 8 + Math.floor(random() * 5);
    return { tuples, matches: page < PAGES * share ? tuples : 0 };
  });

/**
 * Threads of 1–60 rows (most short, a few long) stored one after the other, 10 rows a page; a thread matches whole at
 * `share` (a subreddit rule over comments): matches crowd into a few pages, which a sample of 40 often misses.
 */
const threaded = (share: number) => {
  const pages: SampledPageCount[] = [];
  let page = { tuples: 0, matches: 0 };
  while (pages.length < PAGES) {
    const length = Math.min(60, Math.ceil(-Math.log(1 - random()) * 6));
    const isMatch = random() < share;
    for (let i = 0; i < length; i++) {
      page = { tuples: page.tuples + 1, matches: page.matches + (isMatch ? 1 : 0) };
      if (page.tuples === 10) {
        pages.push(page);
        page = { tuples: 0, matches: 0 };
      }
    }
  }
  return pages.slice(0, PAGES);
};

describe('estimateFromPages', () => {
  it("holds the count in 95 % of samples of 30 pages, whether a page's rows match alike or not", () => {
    for (const table of [scattered(0.6), scattered(0.02), clustered(0.4), clustered(0.9)]) {
      const { share } = coverage(table, 30, 400, 35);
      expect(share).toBeGreaterThanOrEqual(0.93);
    }
  });

  it('holds the count of matches crowded into a few pages (a sample that missed them sees little spread)', () => {
    for (const pages of [40, 60, 120]) {
      const { share } = coverage(threaded(0.05), pages, 400, 38);
      expect(share).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('is no wider than the spread between pages asks: a common match gets a range of a few percent at 300 pages', () => {
    const { medianWidth } = coverage(scattered(0.6), 300, 200, 36);
    expect(medianWidth).toBeLessThan(1.1);
  });

  it('widens for few pages: 3 pages of a run of matches do not pin the count', () => {
    const { share } = coverage(clustered(0.5), 3, 400, 37);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it('never collapses to one value while the sample is not the whole table', () => {
    const none = estimateFromPages(
      Array.from({ length: 30 }, () => ({ tuples: 10, matches: 0 })),
      1_000,
      10_000,
    );
    // Wilson over the 300 rows read puts the point at 0.6 % (63), over the 30 pages the range up to 11.4 % (1,136).
    expect(none).toEqual({ value: 63, low: 0, high: 1_136 });
    const all = estimateFromPages(
      Array.from({ length: 30 }, () => ({ tuples: 10, matches: 10 })),
      1_000,
      10_000,
    );
    expect(all.low).toBeLessThan(10_000);
    expect(all.high).toBeGreaterThanOrEqual(10_000);
  });

  it('gives one page no bound but what it counted and what the table holds; no page, the whole table', () => {
    expect(estimateFromPages([{ tuples: 10, matches: 4 }], 1_000, 10_000)).toMatchObject({
      low: 4,
      high: 10_000,
    });
    expect(estimateFromPages([], 1_000, 10_000)).toEqual({ value: 0, low: 0, high: 10_000 });
  });

  it('counts a table sampled whole exactly', () => {
    const table = scattered(0.3).slice(0, 40);
    const exact = table.reduce((sum, page) => sum + page.matches, 0);
    expect(estimateFromPages(table, table.length, 400)).toEqual({ value: exact, low: exact, high: exact });
  });

  it("uses Student's t: wide for a few pages, z for many", () => {
    expect(tQuantile975(0)).toBe(Infinity);
    expect(tQuantile975(2)).toBeCloseTo(4.303, 3);
    expect(tQuantile975(30)).toBeCloseTo(2.042, 3);
    expect(tQuantile975(120)).toBeCloseTo(1.98, 2);
  });
});

describe('shareLimits', () => {
  it('gives a type its share of the time left until the deadline and the cutoff; a past deadline stays', () => {
    const now = 1_000;
    expect(shareLimits({ deadline: 1_100, cutoff: 1_700 }, 0.25, now)).toEqual({
      deadline: 1_025,
      cutoff: 1_175,
    });
    expect(shareLimits({ deadline: 900, cutoff: 1_700 }, 0.25, now)).toEqual({
      deadline: 900,
      cutoff: 1_175,
    });
    expect(shareLimits({}, 0.5, now)).toEqual({ deadline: undefined, cutoff: undefined });
  });
});
