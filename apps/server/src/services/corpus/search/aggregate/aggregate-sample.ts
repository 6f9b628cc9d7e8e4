import { randomInt } from 'node:crypto';
import { dialectOf, type Db } from '../../../../db/database.ts';
import { isStatementCancelled } from '../../../../db/filter-sql/statement-deadline.ts';
import {
  samplePages,
  type RecordOf,
  type StorageExtent,
} from '../../../../db/repositories/corpus/search/corpus-search.repository.ts';
import {
  selectSampledRowidKeys,
  type AggregateKeys,
} from '../../../../db/repositories/corpus/search/corpus-aggregate.repository.ts';
import { pickRowids } from '../estimate.ts';
import { isPast, keepUntil, untilDeadline, type SearchLimits } from '../search-steps.ts';
import type { TypeSearch } from '../type-search.ts';
import type { TypeTally } from './aggregate-tally.ts';

/**
 * Rows a sample for aggregations reads at most. More than the count's 3,000 (estimate.ts): a histogram splits its
 * sample into bins. The deadline usually stops it first.
 */
const SAMPLE_ROWS = 20_000;
/** Rows a statement reads (as estimate.ts: SQLite reads its rowids one by one at random). */
const BATCH_ROWS = { sqlite: 100, postgres: 500 } as const;
/** PostgreSQL pages the first batch reads at least (as estimate.ts's MIN_PAGES). */
const MIN_PAGES = 30;

/** The aggregation keys of a search's record (a post or a comment). */
export function keysOf(record: RecordOf<'posts'> | RecordOf<'comments'>): AggregateKeys {
  return 'link_id' in record
    ? {
        created_utc: record.created_utc,
        subreddit: record.subreddit,
        author: record.author,
        link_id: record.link_id,
      }
    : {
        created_utc: record.created_utc,
        subreddit: record.subreddit,
        author: record.author,
        domain: (record as { domain?: string }).domain ?? '',
      };
}

/**
 * A random sample of one type's rows and its matches, drawn as the dry run's estimate draws it (estimate.ts: rowids
 * on SQLite, whole pages by `tablesample system` on PostgreSQL with the reference check where the condition is a
 * superset), read until the deadline; the first batch always runs, within the cutoff.
 */
export async function sampleType(
  db: Db,
  search: TypeSearch,
  extent: StorageExtent,
  limits: SearchLimits,
): Promise<TypeTally> {
  if (search.lookups.some((lookup) => lookup.kind === 'none'))
    return { kind: 'exact', type: search.type, keys: [] };
  const cutoff = { deadline: limits.cutoff, signal: limits.signal };
  if (dialectOf(db) === 'sqlite') {
    const rowids = pickRowids(extent.units, SAMPLE_ROWS);
    const keys: AggregateKeys[] = [];
    let read = 0;
    for (
      let start = 0;
      start < rowids.length && (start === 0 || !isPast(limits));
      start += BATCH_ROWS.sqlite
    ) {
      limits.signal?.throwIfAborted();
      const batch = rowids.slice(start, start + BATCH_ROWS.sqlite);
      const found = await untilDeadline(db, start === 0 ? cutoff : limits, (trx) =>
        selectSampledRowidKeys(trx, search.type, search.row, batch),
      );
      if (found === undefined) break;
      keys.push(...found);
      read += batch.length;
    }
    // Every rowid read: the sample is the whole table, its counts exact.
    if (read >= extent.units) return { kind: 'exact', type: search.type, keys };
    return { kind: 'rowids', type: search.type, units: extent.units, read, keys };
  }
  const units = Math.max(1, extent.units);
  const rowsStored = extent.units * extent.rowsPerUnit;
  const percentFor = (pages: number) =>
    Math.min(
      100,
      Math.max(0.0001, (BATCH_ROWS.postgres / Math.max(1, rowsStored)) * 100, (pages / units) * 100),
    );
  let percent = percentFor(Math.min(MIN_PAGES, units) * 1.2);
  const sampled = new Map<number, { tuples: number; keys: AggregateKeys[] }>();
  let tuples = 0;
  const until = () => (sampled.size === 0 ? cutoff : limits);
  while (!isPast(until()) && tuples < SAMPLE_ROWS && sampled.size < units) {
    limits.signal?.throwIfAborted();
    let pages;
    try {
      pages = await samplePages(db, search.type, search.row, percent, randomInt(1, 2 ** 31));
    } catch (error) {
      if (isStatementCancelled(error) && sampled.size > 0) break;
      throw error;
    }
    const before = sampled.size;
    for (const page of pages) {
      if (sampled.has(page.page)) continue;
      const checked = search.row.needsCheck
        ? keepUntil(page.rows, search.keep, until())
        : { kept: page.rows, isComplete: true };
      if (!checked.isComplete) break;
      tuples += page.tuples;
      sampled.set(page.page, { tuples: page.tuples, keys: checked.kept.map(keysOf) });
    }
    if (percent >= 100 || (pages.length > 0 && sampled.size === before)) break;
    percent = pages.length > 0 ? percentFor(0) : Math.min(100, percent * 4);
  }
  const pages = [...sampled.values()];
  if (sampled.size >= extent.units)
    return { kind: 'exact', type: search.type, keys: pages.flatMap((page) => page.keys) };
  return { kind: 'pages', type: search.type, units: extent.units, rowsStored, pages };
}
