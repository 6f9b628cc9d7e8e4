import { randomInt } from 'node:crypto';
import { dialectOf, type Db } from '../../../db/database.ts';
import {
  countSampledRowids,
  samplePages,
  type StorageExtent,
} from '../../../db/repositories/corpus/search/corpus-search.repository.ts';
import { isStatementCancelled } from '../../../db/filter-sql/statement-deadline.ts';
import { isPast, keepUntil, untilDeadline, type SearchLimits } from './search-steps.ts';
import type { TypeSearch } from './type-search.ts';

/** A count estimated from a random sample: the point value and a 95 % range. */
export interface Estimate {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/** Rows an estimate reads at most: about ±1.5 points of share at 95 %. */
const SAMPLE_ROWS = 3_000;
/**
 * PostgreSQL pages an estimate reads at least (within the dry run's cutoff): rows stored together look alike (a
 * generated corpus is stored in time order, so a date rule matches whole runs of pages; a thread's comments are
 * stored together), and the spread of a handful of pages says little about the table (Student's t is 2.78 for 5
 * pages, 2.05 for 30).
 */
const MIN_PAGES = 30;
/**
 * Rows a statement of the sample reads: batches stop at the deadline, the first one always runs. SQLite reads its
 * rowids one by one at random: 500 of them from a cold page cache took 130-160 ms at 10M records, past the deadline.
 */
const BATCH_ROWS = { sqlite: 100, postgres: 500 } as const;
const Z = 1.96;

/** The Wilson score interval of a share of k in n (good also when k is 0 or n). */
export function wilsonInterval(k: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = Z * Z;
  const center = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** Student's t at 97.5 % for 1–30 degrees of freedom; beyond them z + 2.4 / df is within 0.01 of it. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The factor of a two-sided 95 % interval from a mean of df + 1 values (infinite for one value: no spread known). */
export function tQuantile975(df: number): number {
  if (df < 1) return Infinity;
  return T_975[df - 1] ?? Z + 2.4 / df;
}

/** What one sampled page holds: its rows and how many of them match. */
export interface SampledPageCount {
  readonly tuples: number;
  readonly matches: number;
}

/**
 * The 95 % range of a table's total of a count per page from a random sample of its pages: Student's t over their
 * spread (a handful of pages gets a wide factor, one page no bound at all), with the finite-population correction.
 */
function pageTotalRange(counts: readonly number[], units: number): { low: number; high: number } {
  const n = counts.length;
  const mean = counts.reduce((sum, count) => sum + count, 0) / n;
  const finite = Math.max(0, 1 - n / Math.max(units, n));
  const variance = n < 2 ? Infinity : counts.reduce((sum, count) => sum + (count - mean) ** 2, 0) / (n - 1);
  const half =
    finite === 0 || variance === 0 ? 0 : tQuantile975(n - 1) * units * Math.sqrt((variance * finite) / n);
  return { low: mean * units - half, high: mean * units + half };
}

/**
 * A table's matches from a random sample of its pages (a cluster sample: pages drawn without replacement, every row
 * of a page counted). The point is the mean per page times the pages. Its 95 % range is pageTotalRange over the
 * matches of the pages, as if one more page had been drawn at either extreme (one with no match for the low end, one
 * whose every row matches for the high end): matches crowd into few pages (a thread's comments are stored together),
 * and a sample that missed those pages sees a small spread too. It is no narrower than Wilson's on the rows, as if
 * they were drawn one by one; when every page agrees (no row matches, or every row), Wilson's on the pages, as if
 * each were one row. The rows a page holds vary, so the spread includes the uncertainty of the table's row count;
 * the range stays within the rows the table holds by the sample or by the catalog (`rowsStored`).
 */
export function estimateFromPages(
  pages: readonly SampledPageCount[],
  units: number,
  rowsStored: number,
): Estimate {
  const n = pages.length;
  if (n === 0) return { value: 0, low: 0, high: Math.ceil(rowsStored) };
  const matches = pages.map((page) => page.matches);
  const k = matches.reduce((sum, m) => sum + m, 0);
  // Every page read: the count is exact.
  if (n >= units) return { value: k, low: k, high: k };
  const tuples = pages.reduce((sum, page) => sum + page.tuples, 0);
  const rows = units * (tuples / n);
  // No match seen: the point is the centre of Wilson's range over the rows read (half its upper bound), not 0 and
  // not the centre of the wider range over the pages, which says how little a few pages show, not what they saw.
  const value = k === 0 ? (wilsonInterval(0, tuples).high / 2) * rows : (k / n) * units;
  const isUniform = k === 0 || k === tuples;
  const share = isUniform ? wilsonInterval((k / tuples) * n, n) : wilsonInterval(k, tuples);
  const spread = pageTotalRange(matches, units);
  const fullest = Math.max(...pages.map((page) => page.tuples));
  const lowest = isUniform ? spread.low : Math.min(spread.low, pageTotalRange([...matches, 0], units).low);
  const highest = isUniform
    ? spread.high
    : Math.max(spread.high, pageTotalRange([...matches, fullest], units).high);
  // Every row of the table matching, by the spread of the rows per page: the most the range may say.
  const rowsHigh = pageTotalRange(
    pages.map((page) => page.tuples),
    units,
  ).high;
  const most = Math.max(rowsStored, Number.isFinite(rowsHigh) ? rowsHigh : rowsStored, k);
  const low = Math.max(k, Math.floor(Math.min(lowest, share.low * rows)));
  const high = Math.ceil(Math.min(most, Math.max(highest, share.high * rows)));
  return { value: Math.round(Math.min(Math.max(value, low), high)), low: Math.min(low, high), high };
}

/** Distinct random integers in [1, max], at most `count` of them (all of them when max ≤ count). */
export function pickRowids(max: number, count: number): number[] {
  if (max <= count) return Array.from({ length: max }, (_, i) => i + 1);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(randomInt(1, max + 1));
  return [...picked];
}

/**
 * Estimates how many records of one type match, from a uniform random sample read in batches until SAMPLE_ROWS or
 * the deadline (the first batch always, within the cutoff). SQLite: rowids drawn at random (the rowids are dense, so
 * a missing one is simply no match) and counted by the exact condition. PostgreSQL: whole pages drawn by `tablesample
 * system`, at least MIN_PAGES of them within the cutoff, each page once, the rows checked by the reference evaluator
 * where the condition is a superset; the range is that of a cluster sample (estimateFromPages).
 */
export async function estimateType(
  db: Db,
  search: TypeSearch,
  extent: StorageExtent,
  limits: SearchLimits,
): Promise<Estimate> {
  if (search.lookups.some((lookup) => lookup.kind === 'none')) return { value: 0, low: 0, high: 0 };
  const cutoff = { deadline: limits.cutoff };
  if (dialectOf(db) === 'sqlite') {
    const rowids = pickRowids(extent.units, SAMPLE_ROWS);
    let k = 0;
    let n = 0;
    for (
      let start = 0;
      start < rowids.length && (start === 0 || !isPast(limits));
      start += BATCH_ROWS.sqlite
    ) {
      limits.signal?.throwIfAborted();
      const batch = rowids.slice(start, start + BATCH_ROWS.sqlite);
      // The first batch always runs, within the dry run's cutoff: ten slow patterns cost tens of ms a row.
      const counted = await untilDeadline(db, start === 0 ? cutoff : limits, (trx) =>
        countSampledRowids(trx, search.type, search.row, batch),
      );
      if (counted === undefined) break;
      k += counted;
      n += batch.length;
    }
    const share = wilsonInterval(k, n);
    const scale = extent.units;
    return {
      value: Math.round((k / Math.max(1, n)) * scale),
      low: Math.floor(share.low * scale),
      high: Math.ceil(share.high * scale),
    };
  }
  // Pages of every partition (decision 041): the sample's unit, which a partitioned table's extent.units is not.
  const units = Math.max(1, extent.pages);
  const rowsStored = extent.units * extent.rowsPerUnit;
  // A batch reads about BATCH_ROWS rows, the first one at least MIN_PAGES pages.
  const batchPercent = (pages: number) =>
    Math.min(
      100,
      Math.max(0.0001, (BATCH_ROWS.postgres / Math.max(1, rowsStored)) * 100, (pages / units) * 100),
    );
  const minPages = Math.min(MIN_PAGES, units);
  let percent = batchPercent(minPages * 1.2);
  const sampled = new Map<number, SampledPageCount>();
  let tuples = 0;
  const isEnough = () => (tuples >= SAMPLE_ROWS && sampled.size >= minPages) || sampled.size >= units;
  // Pages up to the floor are read until the cutoff, the rest until the deadline.
  const until = () => (sampled.size < minPages ? cutoff : limits);
  while (!isPast(until()) && !isEnough()) {
    limits.signal?.throwIfAborted();
    let pages;
    try {
      pages = await samplePages(db, search.type, search.row, percent, randomInt(1, 2 ** 31));
    } catch (error) {
      // The dry run's cutoff (decision 035): the pages read so far are the sample.
      if (isStatementCancelled(error) && sampled.size > 0) break;
      throw error;
    }
    const pagesBefore = sampled.size;
    for (const page of pages) {
      if (sampled.has(page.page)) continue;
      // The batch's rows are read already: all of them count, unless each costs an RE2 check here (a hostile
      // pattern costs milliseconds a row). Keeping one page of a batch read past the deadline gave ranges like
      // 0–2,000,000 at 10M records. A page whose check the deadline cut short is left out, except the first.
      if (sampled.size > 0 && search.row.needsCheck && isPast(until())) break;
      const checked = search.row.needsCheck
        ? keepUntil(page.rows, search.keep, sampled.size === 0 ? cutoff : until())
        : { kept: page.rows, isComplete: true };
      if (!checked.isComplete) break;
      tuples += page.tuples;
      sampled.set(page.page, { tuples: page.tuples, matches: checked.kept.length });
    }
    // A batch of the whole table has read every page there is; a batch of pages all read before (or cut short by the
    // deadline) says the sample has most of the table (fewer rows than SAMPLE_ROWS), or its time is up.
    if (percent >= 100 || (pages.length > 0 && sampled.size === pagesBefore)) break;
    if (pages.length > 0) {
      percent = batchPercent(0);
      continue;
    }
    // A small table may give no page at a small percentage (or be empty): ask for more, up to all of it.
    percent = Math.min(100, percent * 4);
  }
  return estimateFromPages([...sampled.values()], extent.pages, rowsStored);
}

/**
 * The limits of one of several types estimated one after the other: its share of the time left until the deadline
 * and until the cutoff, so that the first type's sample (or its checks, up to the cutoff) does not leave the next
 * one a few pages or none. A type that finishes early leaves its time to the next.
 */
export function shareLimits(limits: SearchLimits, share: number, now = Date.now()): SearchLimits {
  const part = (end: number | undefined) =>
    end === undefined || end <= now ? end : now + (end - now) * share;
  return { ...limits, deadline: part(limits.deadline), cutoff: part(limits.cutoff) };
}
