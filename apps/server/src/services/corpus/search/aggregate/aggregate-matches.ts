import type { Aggregations, AggregationsRequest, TopEntry } from '@threadcart/contracts';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import type { Db } from '../../../../db/database.ts';
import { isStatementCancelled } from '../../../../db/filter-sql/statement-deadline.ts';
import { findPostTitles } from '../../../../db/repositories/corpus/search/corpus-aggregate.repository.ts';
import { findStorageExtent } from '../../../../db/repositories/corpus/search/corpus-search.repository.ts';
import { shareLimits } from '../estimate.ts';
import type { SearchLimits } from '../search-steps.ts';
import { listType, prepareTypeSearch, TOP } from '../type-search.ts';
import type { PreviewQuery } from '../dry-run/preview-search.ts';
import { keysOf, sampleType } from './aggregate-sample.ts';
import { histogramOf, topListOf, type TypeTally } from './aggregate-tally.ts';

/**
 * Up to this many matches (counted exactly by the dry run) the aggregations list every match and count them one by
 * one; past it, or when the listing does not finish by the deadline, they are scaled up from a random sample.
 */
export const EXACT_AGGREGATE_MATCHES = 20_000;

/** What the dry run knows of the count when the aggregations start. */
export interface KnownCount {
  readonly matches: number;
  readonly isEstimate: boolean;
}

const typesOf = (query: PreviewQuery): RecordType[] =>
  query.searchType === 'both' ? ['posts', 'comments'] : [query.searchType];

/** A listing whose statement the dry run's cutoff cancelled (decision 035) is one that did not finish. */
async function listAll(db: Db, query: PreviewQuery, type: RecordType, limit: number, limits: SearchLimits) {
  const search = prepareTypeSearch(db, query.filters, type, TOP, query.excludeBuyerId);
  try {
    return await listType(db, search, limit, limits);
  } catch (error) {
    if (isStatementCancelled(error)) return { records: [], isComplete: false };
    throw error;
  }
}

/** Every match of each type, when there are few and the listing finishes in time; otherwise undefined. */
async function tallyExactly(
  db: Db,
  query: PreviewQuery,
  known: KnownCount,
  limits: SearchLimits,
): Promise<TypeTally[] | undefined> {
  if (known.isEstimate || known.matches > EXACT_AGGREGATE_MATCHES) return undefined;
  const tallies: TypeTally[] = [];
  for (const type of typesOf(query)) {
    const listed = await listAll(db, query, type, known.matches, limits);
    if (!listed.isComplete) return undefined;
    tallies.push({ kind: 'exact', type, keys: listed.records.map(keysOf) });
  }
  return tallies;
}

/** A random sample of each type, the time shared by the types' sizes (as estimateMatches shares it). */
async function tallyBySample(db: Db, query: PreviewQuery, limits: SearchLimits): Promise<TypeTally[]> {
  const types = typesOf(query);
  const extents = [];
  for (const type of types) extents.push(await findStorageExtent(db, type));
  const sizes = extents.map((extent) => Math.max(1, extent.units * extent.rowsPerUnit));
  const tallies: TypeTally[] = [];
  for (const [i, type] of types.entries()) {
    const share = sizes[i]! / sizes.slice(i).reduce((sum, size) => sum + size, 0);
    const search = prepareTypeSearch(db, query.filters, type, TOP, query.excludeBuyerId);
    try {
      tallies.push(await sampleType(db, search, extents[i]!, shareLimits(limits, share)));
    } catch (error) {
      if (!isStatementCancelled(error)) throw error;
      tallies.push({ kind: 'rowids', type, units: extents[i]!.units, read: 0, keys: [] });
    }
  }
  return tallies;
}

/** Adds the posts' titles to a top list of threads (one read of at most `top_limit` posts). */
async function withTitles(db: Db, entries: TopEntry[]): Promise<TopEntry[]> {
  const ids = entries.map((entry) => entry.name.replace(/^t3_/, ''));
  const titles = await findPostTitles(db, ids);
  return entries.map((entry, i) => {
    const title = titles.get(ids[i]!);
    return title === undefined ? entry : { ...entry, title };
  });
}

/**
 * The histogram over created_utc and the top lists of a dry run's matches: exact when the dry run counted few
 * matches exactly and every one of them is listed by the deadline, else scaled up from a random sample with 95 %
 * ranges. Runs within the dry run's budget: its statements stop at `limits.deadline`, the first sample batch at the
 * cutoff.
 */
export async function aggregateMatches(
  db: Db,
  query: PreviewQuery,
  request: AggregationsRequest,
  known: KnownCount,
  limits: SearchLimits,
): Promise<Aggregations> {
  const exact = await tallyExactly(db, query, known, limits);
  const tallies = exact ?? (await tallyBySample(db, query, limits));
  const isEstimate = tallies.some((tally) => tally.kind !== 'exact');
  const histogramOfType = (type: RecordType) => {
    const tally = tallies.find((t) => t.type === type);
    return tally ? histogramOf(tally, request.interval) : [];
  };
  const top: Aggregations['top'] = { is_estimate: isEstimate };
  for (const field of request.top) {
    const entries = topListOf(tallies, field, request.top_limit);
    top[field] = field === 'thread' ? await withTitles(db, entries) : entries;
  }
  const sampled = tallies.reduce(
    (sum, tally) =>
      sum +
      (tally.kind === 'pages' ? tally.pages.reduce((n, page) => n + page.keys.length, 0) : tally.keys.length),
    0,
  );
  return {
    interval: request.interval,
    histogram: {
      is_estimate: isEstimate,
      posts: histogramOfType('posts'),
      comments: histogramOfType('comments'),
    },
    top,
    ...(isEstimate ? { sampled_matches: sampled } : {}),
  };
}
