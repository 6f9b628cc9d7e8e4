import { randomInt } from 'node:crypto';
import { dialectOf, type Db } from '../../../db/database.ts';
import {
  countSampledRowids,
  findStorageExtent,
  samplePages,
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

/** Distinct random integers in [1, max], at most `count` of them (all of them when max ≤ count). */
function pickRowids(max: number, count: number): number[] {
  if (max <= count) return Array.from({ length: max }, (_, i) => i + 1);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(randomInt(1, max + 1));
  return [...picked];
}

/**
 * Estimates how many records of one type match, from a uniform random sample read in batches until SAMPLE_ROWS or
 * the deadline (the first batch always). SQLite: rowids drawn at random (the rowids are dense, so a missing one is
 * simply no match) and counted by the exact condition. PostgreSQL: whole pages drawn by `tablesample system`, the
 * rows checked by the reference evaluator where the condition is a superset; the range then widens with the spread
 * between pages, since rows stored together look alike.
 */
export async function estimateType(db: Db, search: TypeSearch, limits: SearchLimits): Promise<Estimate> {
  if (search.lookups.some((lookup) => lookup.kind === 'none')) return { value: 0, low: 0, high: 0 };
  const extent = await findStorageExtent(db, search.type);
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
  const totalRows = Math.max(1, extent.units * extent.rowsPerUnit);
  let percent = Math.min(100, Math.max(0.0001, (BATCH_ROWS.postgres / totalRows) * 100));
  const matches: number[] = [];
  let tuples = 0;
  while ((matches.length === 0 ? !isPast(cutoff) : !isPast(limits)) && tuples < SAMPLE_ROWS) {
    limits.signal?.throwIfAborted();
    let pages;
    try {
      pages = await samplePages(db, search.type, search.row, percent, randomInt(1, 2 ** 31));
    } catch (error) {
      // The dry run's cutoff (decision 035): the pages read so far are the sample.
      if (isStatementCancelled(error) && matches.length > 0) break;
      throw error;
    }
    for (const page of pages) {
      // The batch's rows are read already: all of them count, unless each costs an RE2 check here (a hostile
      // pattern costs milliseconds a row). Keeping one page of a batch read past the deadline gave ranges like
      // 0–2,000,000 at 10M records. A page whose check the deadline cut short is left out, except the first.
      if (matches.length > 0 && search.row.needsCheck && isPast(limits)) break;
      const checked = search.row.needsCheck
        ? keepUntil(page.rows, search.keep, matches.length === 0 ? cutoff : limits)
        : { kept: page.rows, isComplete: true };
      if (!checked.isComplete) break;
      tuples += page.tuples;
      matches.push(checked.kept.length);
    }
    if (pages.length > 0) continue;
    // A small table may give no page at a small percentage (or be empty): ask for more, up to all of it.
    if (percent >= 100) break;
    percent = Math.min(100, percent * 4);
  }
  if (matches.length === 0)
    return { value: 0, low: 0, high: Math.ceil(totalRows * wilsonInterval(0, 1).high) };
  const k = matches.reduce((sum, m) => sum + m, 0);
  const mean = k / matches.length;
  const value = mean * extent.units;
  // Pages are the sampled units: the spread of their counts gives the error; Wilson on the rows is the floor.
  const variance = matches.reduce((sum, m) => sum + (m - mean) ** 2, 0) / Math.max(1, matches.length - 1);
  const clusterHalf = Z * extent.units * Math.sqrt(variance / matches.length);
  const share = wilsonInterval(k, tuples);
  const rowsTotal = extent.units * (tuples / matches.length);
  return {
    value: Math.round(value),
    low: Math.max(0, Math.floor(Math.min(value - clusterHalf, share.low * rowsTotal))),
    high: Math.ceil(Math.max(value + clusterHalf, share.high * rowsTotal)),
  };
}
