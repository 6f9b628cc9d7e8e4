import type { FilterTree, SortOrder } from '@threadcart/contracts';
import { findCountingIndex, type CountingIndex } from '../../../corpus/filters/counting-index.ts';
import { findIndexLookups, type IndexLookup } from '../../../corpus/filters/index-lookups.ts';
import type { KeywordTerm } from '../../../corpus/filters/keyword-query.ts';
import {
  admitsRemoved,
  prepareFilter,
  type PreparedNode,
  type RecordType,
} from '../../../corpus/filters/prepare.ts';
import { sampleStart } from '../../../corpus/filters/sample-key.ts';
import { compareForSort, recordMatches, type ReferenceRecord } from '../../../corpus/reference/evaluate.ts';
import { dialectOf, type Db } from '../../../db/database.ts';
import { excludeDelivered } from '../../../db/repositories/orders/delivered-records.repository.ts';
import { toFts5Query } from '../../../db/filter-sql/index-lookup.ts';
import { compileRowCondition, type RowCondition } from '../../../db/filter-sql/row-condition.ts';
import {
  countLookupRows,
  countStorageRange,
  countWordMatches,
  findChunkEnd,
  findStorageExtent,
  selectChunkRows,
  selectLookupRows,
  selectStorageRange,
  type KeyRange,
  type RecordOf,
  type ScanKey,
  type ScanOrder,
} from '../../../db/repositories/corpus/search/corpus-search.repository.ts';
import {
  countFromIndex,
  selectFromIndexOnly,
} from '../../../db/repositories/corpus/search/index-count.repository.ts';
import { BestRecords } from './best-records.ts';
import { chooseLookup, chooseSparseLookup, lookupLimitFor } from './lookup-choice.ts';
import {
  COUNT_LOOKUP_LIMIT,
  COVERED_LIST_MAX,
  FIRST_CHUNK,
  MAX_CHUNK,
  STORAGE_CHUNK_ROWS,
  STORAGE_READ_ROWS,
} from './scan-sizes.ts';
import { checkpoint, isPast, keepUntil, untilDeadline, type SearchLimits } from './search-steps.ts';

export type { SearchLimits } from './search-steps.ts';

/** How the results are ordered: the sort and, for random, its seed. */
export interface ResultOrder {
  readonly sort: SortOrder;
  readonly seed: number;
}
export const TOP: ResultOrder = { sort: 'top', seed: 0 };

type PostOrComment = RecordOf<'posts'> | RecordOf<'comments'>;

/** One record type's side of a query, compiled once: what the planner chooses from. */
export interface TypeSearch {
  readonly type: RecordType;
  readonly row: RowCondition;
  readonly lookups: readonly IndexLookup[];
  readonly order: ResultOrder;
  /** the index order the search walks (every sort has one, decision 039) */
  readonly scanOrder: ScanOrder;
  /**
   * the key ranges of the scan order every match lies in, walked one after the other (two for random: from the
   * seed's start to the largest key, then from the smallest up to the start)
   */
  readonly keyRanges: readonly KeyRange[];
  /** the reference check, for candidates of a superset condition (stopped by CheckStoppedError when shouldStop) */
  readonly keep: (record: PostOrComment, shouldStop?: () => boolean) => boolean;
  /** the result order as a comparator of records */
  readonly compare: (a: PostOrComment, b: PostOrComment) => number;
  /** SQLite: the FTS5 query equal to the whole filter, when it is only words (a count from the index alone) */
  readonly wordsQuery: string | undefined;
  /** the index that counts the matches alone, when one holds every column the filter reads (decision 046) */
  readonly countingIndex: CountingIndex | undefined;
}

// FTS5's folding and tokenize() differ only on these letters (final sigma, the Cyrillic variants U+1C80–U+1C88),
// which no NFKC-normalised, lower-cased token otherwise keeps; a count from the index alone skips terms with them.
const FTS_FOLDED = /[\u03c2\u1c80-\u1c88]/;

function wordsOnlyTerms(node: PreparedNode): KeywordTerm[] | undefined {
  if (node.kind === 'keyword')
    return node.negate || node.terms.some((t) => t.tokens.some((token) => FTS_FOLDED.test(token)))
      ? undefined
      : [...node.terms];
  if (node.kind !== 'group' || node.not || node.combinator !== 'and') return undefined;
  const terms: KeywordTerm[] = [];
  for (const child of node.children) {
    const childTerms = wordsOnlyTerms(child);
    if (!childTerms) return undefined;
    terms.push(...childTerms);
  }
  return terms;
}

/** The range of a column every match lies in (rules reached from the root through AND groups without NOT). */
function findColumnRange(
  node: PreparedNode | null,
  column: string,
): { min: number | null; max: number | null } {
  let min: number | null = null;
  let max: number | null = null;
  const visit = (n: PreparedNode) => {
    if (n.kind === 'range' && n.column === column) {
      if (n.min !== null) min = min === null ? n.min : Math.max(min, n.min);
      if (n.max !== null) max = max === null ? n.max : Math.min(max, n.max);
    } else if (n.kind === 'group' && n.combinator === 'and' && !n.not) n.children.forEach(visit);
  };
  if (node) visit(node);
  return { min, max };
}

/**
 * The index every sort walks (decision 039): top the live score index, or the score index of every row when removed
 * records are admitted; new and old the creation-time index; most_discussed the (count, score) index; random the
 * sample key index.
 */
function scanOrderOf(sort: SortOrder, population: 'live' | 'all'): ScanOrder {
  if (sort === 'top') return population === 'live' ? 'top' : 'top_all';
  return sort;
}

// most_discussed's key is count × 2³² + score (corpus-search.repository.ts): a count range bounds it.
const COUNT_SPAN = 4_294_967_296n;
const HALF_SPAN = 2_147_483_648n;
const MIN_KEY = -(1n << 63n);

function keyRangesOf(
  scanOrder: ScanOrder,
  type: RecordType,
  node: PreparedNode | null,
  seed: number,
): KeyRange[] {
  switch (scanOrder) {
    case 'top':
    case 'top_all':
      return [findColumnRange(node, 'score')];
    case 'new':
    case 'old':
      return [findColumnRange(node, 'created_utc')];
    case 'most_discussed': {
      const { min, max } = findColumnRange(node, type === 'posts' ? 'num_comments' : 'replies');
      return [
        {
          min: min === null ? null : BigInt(min) * COUNT_SPAN - HALF_SPAN,
          max: max === null ? null : BigInt(max) * COUNT_SPAN + HALF_SPAN,
        },
      ];
    }
    case 'random': {
      const start = sampleStart(seed);
      // From the start up, then (unless the start is the smallest key) from the smallest key up to the start.
      return start === MIN_KEY
        ? [{ min: start, max: null }]
        : [
            { min: start, max: null },
            { min: null, max: start - 1n },
          ];
    }
  }
}

/**
 * Compiles one type's side of a canonical tree for a result order; with `excludeBuyerId`, the records that buyer
 * received are left out in SQL (docs/decisions/029), so every plan below (lookups, scans, counts) composes with it.
 */
export function prepareTypeSearch(
  db: Db,
  tree: FilterTree,
  type: RecordType,
  order: ResultOrder = TOP,
  excludeBuyerId?: number,
): TypeSearch {
  const dialect = dialectOf(db);
  const node = prepareFilter(tree, type);
  const population = admitsRemoved(tree) ? 'all' : 'live';
  const row = compileRowCondition(node, type, dialect, population);
  // The count from the full-text index alone cannot see what a buyer received.
  const isWordsOnly = dialect === 'sqlite' && population === 'live' && excludeBuyerId === undefined;
  const terms = node && isWordsOnly ? wordsOnlyTerms(node) : undefined;
  const scanOrder = scanOrderOf(order.sort, population);
  return {
    type,
    row: excludeBuyerId === undefined ? row : excludeDelivered(row, excludeBuyerId, type),
    lookups: findIndexLookups(node, population === 'live'),
    order,
    scanOrder,
    keyRanges: keyRangesOf(scanOrder, type, node, order.seed),
    keep: (record, shouldStop) => recordMatches(tree, { type, record } as ReferenceRecord, shouldStop),
    compare: compareForSort(order.sort, order.seed),
    wordsQuery: terms && terms.length > 0 ? toFts5Query(terms) : undefined,
    // What a buyer received is not in any index.
    countingIndex: excludeBuyerId === undefined ? findCountingIndex(node, type, population) : undefined,
  };
}

/**
 * The lookups a listing may drive from: for top, not a score range, which the walk of the score index starts and
 * stops at already (its matches come first; the lookup would read every one of them).
 */
const listingLookups = (search: TypeSearch) =>
  search.scanOrder === 'top' || search.scanOrder === 'top_all'
    ? search.lookups.filter((lookup) => lookup.kind !== 'score')
    : search.lookups;

/**
 * PostgreSQL: the name lookup whose index holds every column the tree and the order read (the liveness, the score,
 * the id: migration 20261201040000), for the orders it holds (top, new, old); undefined otherwise.
 */
function indexOnlyLookup(db: Db, search: TypeSearch): IndexLookup | undefined {
  if (dialectOf(db) !== 'postgres' || !['top', 'top_all', 'new', 'old'].includes(search.scanOrder))
    return undefined;
  const lead = search.countingIndex?.lead;
  return search.lookups.find((lookup) => lookup.kind === 'names' && lookup.column === lead);
}

/** The best `limit` matches of one type in the search's order; past the deadline what was found (isComplete false). */
export async function listType<T extends RecordType>(
  db: Db,
  search: TypeSearch,
  limit: number,
  limits: SearchLimits,
): Promise<{ records: RecordOf<T>[]; isComplete: boolean }> {
  if (limit <= 0) return { records: [], isComplete: true };
  const type = search.type as T;
  const extent = await findStorageExtent(db, type);
  const totalRows = extent.units * extent.rowsPerUnit;
  const balance = lookupLimitFor(limit, totalRows);
  const covered = indexOnlyLookup(db, search);
  if (covered && (await chooseLookup(db, type, [covered], COVERED_LIST_MAX, limits))) {
    const order = { by: search.scanOrder, limit };
    const rows = await untilDeadline(db, limits, (trx) => selectFromIndexOnly(trx, type, search.row, order));
    return rows ? { records: rows, isComplete: true } : { records: [], isComplete: false };
  }
  const lookup = await chooseLookup(db, type, listingLookups(search), balance, limits);
  if (lookup) return listFromLookup<T>(db, search, lookup, limit, limits);
  return listInScanOrder<T>(db, search, search.scanOrder, limit, limits, { totalRows, balance });
}

async function listFromLookup<T extends RecordType>(
  db: Db,
  search: TypeSearch,
  lookup: IndexLookup,
  limit: number,
  limits: SearchLimits,
): Promise<{ records: RecordOf<T>[]; isComplete: boolean }> {
  const type = search.type as T;
  const { needsCheck } = search.row;
  // SQL orders and limits when it can say the order and the condition is exact; otherwise every candidate is read.
  const inSql = !needsCheck && search.order.sort !== 'most_discussed' && search.order.sort !== 'random';
  const order = inSql ? { by: search.order.sort as ScanOrder, limit } : undefined;
  const rows = await untilDeadline(db, limits, (trx) =>
    selectLookupRows(trx, type, lookup, search.row, order),
  );
  if (!rows) return { records: [], isComplete: false };
  if (inSql) return { records: rows, isComplete: true };
  const { kept, isComplete } = needsCheck
    ? keepUntil(rows, search.keep, limits)
    : { kept: rows, isComplete: true };
  const best = new BestRecords<RecordOf<T>>(limit, search.compare);
  for (const record of kept) best.add(record);
  return { records: best.records, isComplete };
}

async function listInScanOrder<T extends RecordType>(
  db: Db,
  search: TypeSearch,
  order: ScanOrder,
  limit: number,
  limits: SearchLimits,
  { totalRows, balance }: { totalRows: number; balance: number },
): Promise<{ records: RecordOf<T>[]; isComplete: boolean }> {
  const type = search.type as T;
  const { needsCheck } = search.row;
  const records: RecordOf<T>[] = [];
  let chunk = FIRST_CHUNK;
  let scanned = 0;
  for (const range of search.keyRanges) {
    let from: ScanKey | undefined;
    for (;;) {
      await checkpoint(limits);
      if (isPast(limits)) return { records, isComplete: false };
      const to = await findChunkEnd(db, type, order, from, chunk, range);
      const need = limit - records.length;
      const rows = await untilDeadline(db, limits, (trx) =>
        selectChunkRows(trx, type, search.row, { order, from, to, range }, needsCheck ? undefined : need),
      );
      if (!rows) return { records, isComplete: false };
      const { kept, isComplete } = needsCheck
        ? keepUntil(rows, search.keep, limits, need)
        : { kept: rows, isComplete: true };
      records.push(...kept);
      if (records.length >= limit) return { records: records.slice(0, limit), isComplete: true };
      if (!isComplete) return { records, isComplete: false };
      if (scanned === 0 && to) {
        const scan = { limit, found: records.length, scanned: chunk, balance, needsCheck };
        const sparse = await chooseSparseLookup(db, type, listingLookups(search), scan, limits);
        if (sparse) return listFromLookup<T>(db, search, sparse, limit, limits);
      }
      scanned += chunk;
      limits.onProgress?.(Math.min(1, scanned / Math.max(1, totalRows)));
      if (!to) break;
      from = to;
      chunk = Math.min(MAX_CHUNK, chunk * 4);
    }
  }
  return { records, isComplete: true };
}

/**
 * How many records of one type match, counting no further than `cap`: from the full-text index alone when the
 * filter is only words (SQLite), from one index alone when it holds every column the filter reads, from a small
 * enough lookup, or by a scan in storage order; past the deadline it
 * stops (isComplete false, the count so far a lower bound).
 */
export async function countType(
  db: Db,
  search: TypeSearch,
  cap: number,
  limits: SearchLimits,
): Promise<{ count: number; isComplete: boolean }> {
  if (cap <= 0) return { count: 0, isComplete: true };
  const { wordsQuery } = search;
  if (wordsQuery) {
    const count = await untilDeadline(db, limits, (trx) => countWordMatches(trx, search.type, wordsQuery));
    return count === undefined ? { count: 0, isComplete: false } : { count, isComplete: true };
  }
  const { countingIndex } = search;
  if (countingIndex) {
    const count = await untilDeadline(db, limits, (trx) =>
      countFromIndex(trx, search.type, countingIndex, search.row, cap),
    );
    return count === undefined ? { count: 0, isComplete: false } : { count, isComplete: true };
  }
  const { needsCheck } = search.row;
  const lookup = await chooseLookup(db, search.type, search.lookups, COUNT_LOOKUP_LIMIT, limits);
  if (lookup) {
    if (!needsCheck) {
      const count = await untilDeadline(db, limits, (trx) =>
        countLookupRows(trx, search.type, lookup, search.row),
      );
      return count === undefined ? { count: 0, isComplete: false } : { count, isComplete: true };
    }
    const rows = await untilDeadline(db, limits, (trx) =>
      selectLookupRows(trx, search.type, lookup, search.row),
    );
    if (!rows) return { count: 0, isComplete: false };
    const { kept, isComplete } = keepUntil(rows, search.keep, limits);
    return { count: kept.length, isComplete };
  }
  const extent = await findStorageExtent(db, search.type);
  const isSqlite = dialectOf(db) === 'sqlite';
  const step = Math.max(
    16,
    Math.round((needsCheck ? STORAGE_READ_ROWS : STORAGE_CHUNK_ROWS) / extent.rowsPerUnit),
  );
  let count = 0;
  for (let from = isSqlite ? 1 : 0; from <= extent.units; from += step) {
    await checkpoint(limits);
    if (isPast(limits)) return { count, isComplete: false };
    if (needsCheck) {
      const rows = await untilDeadline(db, limits, (trx) =>
        selectStorageRange(trx, search.type, search.row, from, from + step),
      );
      if (!rows) return { count, isComplete: false };
      const { kept, isComplete } = keepUntil(rows, search.keep, limits);
      count += kept.length;
      if (!isComplete) return { count, isComplete: false };
    } else {
      const counted = await untilDeadline(db, limits, (trx) =>
        countStorageRange(trx, search.type, search.row, from, from + step),
      );
      if (counted === undefined) return { count, isComplete: false };
      count += counted;
    }
    if (count >= cap) return { count, isComplete: true };
    limits.onProgress?.(Math.min(1, (from + step) / Math.max(1, extent.units)));
  }
  return { count, isComplete: true };
}
