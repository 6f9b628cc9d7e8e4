import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { IndexLookup } from '../../../../corpus/filters/index-lookups.ts';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import {
  COMMENT_COLUMNS,
  POST_COLUMNS,
  type CommentRecord,
  type PostRecord,
} from '../../../../corpus/records.ts';
import { dialectOf, withTransaction, type Db } from '../../../database.ts';
import { lookupCondition, lookupRowids } from '../../../filter-sql/index-lookup.ts';
import { withinDeadline } from '../../../filter-sql/sqlite-functions.ts';
import { LIVE } from '../../../filter-sql/corpus-expressions.ts';
import type { RowCondition } from '../../../filter-sql/row-condition.ts';
import { probeLookupPostgres } from './bitmap-probe.repository.ts';

// The search's building blocks (docs/decisions/016-search-at-scale.md). Each statement reads a bounded number of rows
// (a lookup no larger than the caller checked, or one chunk of a scan), so a caller between statements can stop at
// a deadline, report progress, and let its event loop run; on SQLite the statements that read a lookup or the word
// index also call within_deadline per row, which stops them at it. Conditions come from compileRowCondition, with
// the live predicate when the filter admits live records only (docs/decisions/017-filter-fields.md).

export type RecordOf<T extends RecordType> = T extends 'posts' ? PostRecord : CommentRecord;

/**
 * The orders SQL can scan in, each along an index (decision 039): top (the live score index), top_all (top when
 * removed records are admitted: the score index of every row), new and old (created_utc), most_discussed (the count,
 * then the score), random (sample_key from a start; the caller walks the two ranges either side of it).
 */
export type ScanOrder = 'top' | 'top_all' | 'new' | 'old' | 'most_discussed' | 'random';
/** A position in a scan order: the key column's value (a bigint for the 64-bit sample key) and the id. */
export interface ScanKey {
  readonly value: number | bigint;
  readonly id: string;
}
/** The range of the order's key column every match lies in (score for top, created_utc for new and old). */
export interface KeyRange {
  readonly min: number | bigint | null;
  readonly max: number | bigint | null;
}

/** The columns a search reads: the file's (docs/product.md §8.2) and those the filters and the reference need. */
const COLUMNS: Record<RecordType, readonly string[]> = {
  posts: [...POST_COLUMNS, 'post_kind', 'domain', 'flair', 'retrieved_at'],
  comments: [...COMMENT_COLUMNS, 'retrieved_at'],
};
const FLAGS = ['over_18', 'is_deleted', 'is_removed', 'is_sample'];
const NUMBERS = ['score', 'num_comments', 'created_utc', 'replies', 'retrieved_at'];

function toRecord<T extends RecordType>(row: Record<string, unknown>): RecordOf<T> {
  const { over_18, is_deleted, is_removed, is_sample, sample_key_text, scan_key: _key, ...rest } = row;
  const record: Record<string, unknown> = {
    ...rest,
    sample_key: sample_key_text,
    nsfw: Number(over_18) === 1,
    removed: Number(is_deleted) === 1 || Number(is_removed) === 1,
    is_sample: Number(is_sample) === 1,
  };
  for (const key of NUMBERS) if (key in row) record[key] = Number(row[key]);
  return record as unknown as RecordOf<T>;
}

export const columnsOf = (type: RecordType, prefix?: string) => {
  const ref = (c: string) => sql.ref(prefix ? `${prefix}.${c}` : c);
  // 64 bits do not fit a JavaScript number (better-sqlite3 would round it): the key travels as text too, under its
  // own name (an ORDER BY on a UNION ALL of chunks sorts by the output column, which must stay an integer).
  const key = sql`cast(${ref('sample_key')} as text) as sample_key_text`;
  return sql.join([...[...COLUMNS[type], ...FLAGS, 'sample_key'].map(ref), key]);
};

export async function selectRecords<T extends RecordType>(
  db: Db,
  query: RawBuilder<Record<string, unknown>>,
): Promise<RecordOf<T>[]> {
  const { rows } = await query.execute(db);
  return rows.map((row) => toRecord<T>(row));
}

async function selectCount(db: Db, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${query}) counted`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export const limitSql = (limit: number | undefined) => (limit === undefined ? sql`` : sql`limit ${limit}`);

/**
 * PostgreSQL: runs statements with some planner methods off, for this transaction only. The planner cannot estimate
 * a tsquery or a trigram `ilike` (it guesses a few percent of the table): with a limit it walked the whole table for
 * a word 50 rows hold (1.7 s at 1M records), and in a scan's chunk it read every trigram candidate again and sorted
 * them (200 ms a chunk at 1M, ten times that at 10M) instead of the chunk's range of the score index (decision 016).
 */
export async function withPlan<T>(db: Db, off: readonly string[], run: (db: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'sqlite') return run(db);
  return withTransaction(db, async (trx) => {
    const settings = off.map((name) => sql`set_config(${name}, 'off', true)`);
    await sql`select ${sql.join(settings)}`.execute(trx);
    return run(trx);
  });
}
/** The lookup drives: a bitmap scan of its index (the caller has checked, or is checking, that it is small). */
const drivenByLookup = <T>(db: Db, run: (db: Db) => Promise<T>) =>
  withPlan(db, ['enable_seqscan', 'enable_indexscan'], run);
/**
 * PostgreSQL planner methods off while the scan order drives: a range of its index read in order, the condition
 * checked on each row of the range. Sorts too: the live predicate let the planner read a partial index of another
 * order and sort its rows. And JIT: a method turned off still costs 10¹⁰ where a segment's few rows need it, which
 * passes JIT's thresholds, and compiling took 330-1,000 ms of a chunk that runs in 2 ms (decision 039).
 */
export const ORDER_WALK_OFF = ['enable_seqscan', 'enable_bitmapscan', 'enable_sort', 'jit'] as const;
const drivenByOrder = <T>(db: Db, run: (db: Db) => Promise<T>) => withPlan(db, ORDER_WALK_OFF, run);

/** How many rows a lookup lists, up to `limit`, read from its index (PostgreSQL: its bitmap, an upper bound). */
export async function probeLookup(
  db: Db,
  type: RecordType,
  lookup: IndexLookup,
  limit: number,
): Promise<number> {
  if (dialectOf(db) === 'sqlite')
    return selectCount(
      db,
      sql`select r from (${lookupRowids(lookup, type, true)}) where ${withinDeadline(sql.ref('r'))} limit ${limit}`,
    );
  return drivenByLookup(db, (trx) => probeLookupPostgres(trx, type, lookup, limit));
}

function lookupRowsQuery(type: RecordType, lookup: IndexLookup, where: Expression<SqlBool>, dialect: string) {
  if (dialect === 'sqlite')
    // CROSS JOIN keeps the lookup as the outer loop: its few rowids drive, rather than a scan in result order.
    return sql`from (${lookupRowids(lookup, type)}) c cross join ${sql.table(type)} t on t.rowid = c.r
      where ${withinDeadline(sql.ref('c.r'))} and ${where}`;
  return sql`from ${sql.table(type)} where ${lookupCondition(lookup, type)} and (${where})`;
}

// most_discussed orders by the count (posts' comments, comments' replies), then the score: one key, count × 2³² +
// score, which orders the pairs the same way while |score| < 2³¹, indexed as that expression (migration
// 20261130000200; the statement must spell it the same way for the planner to match it).
const DISCUSSED_KEY: Record<RecordType, string> = {
  posts: '(num_comments * 4294967296 + score)',
  comments: '(replies * 4294967296 + score)',
};

/** The key an order scans, an indexed column or expression of the type's table. */
function keyOf(order: ScanOrder, type: RecordType): RawBuilder<unknown> {
  switch (order) {
    case 'top':
    case 'top_all':
      return sql.ref('score');
    case 'new':
    case 'old':
      return sql.ref('created_utc');
    case 'random':
      return sql.ref('sample_key');
    case 'most_discussed':
      return sql.raw(DISCUSSED_KEY[type]);
  }
}
/** Whether the key descends in the order, and whether the id (the tie-break) does. */
const DESCENDS: Record<ScanOrder, { key: boolean; id: boolean }> = {
  top: { key: true, id: false },
  top_all: { key: true, id: false },
  new: { key: true, id: true },
  old: { key: false, id: false },
  most_discussed: { key: true, id: false },
  random: { key: false, id: false },
};

function orderBy(order: ScanOrder, key: RawBuilder<unknown>): RawBuilder<unknown> {
  const { key: keyDesc, id: idDesc } = DESCENDS[order];
  return sql`order by ${key} ${sql.raw(keyDesc ? 'desc' : 'asc')}, id ${sql.raw(idDesc ? 'desc' : 'asc')}`;
}
export const orderByKey = (order: ScanOrder, type: RecordType) => orderBy(order, keyOf(order, type));

/**
 * The rows a lookup lists that pass the condition, in a scan order with a limit, or all of them unordered (the
 * caller sorts: the reference check, most_discussed, random).
 */
export async function selectLookupRows<T extends RecordType>(
  db: Db,
  type: T,
  lookup: IndexLookup,
  row: RowCondition,
  order?: { by: ScanOrder; limit: number },
): Promise<RecordOf<T>[]> {
  const dialect = dialectOf(db);
  const from = lookupRowsQuery(type, lookup, row.where, dialect);
  const columns = dialect === 'sqlite' ? columnsOf(type, 't') : columnsOf(type);
  const tail = order ? sql`${orderByKey(order.by, type)} ${limitSql(order.limit)}` : sql``;
  return drivenByLookup(db, (trx) => selectRecords(trx, sql`select ${columns} ${from} ${tail}`));
}

/** How many rows a lookup lists that pass the condition (exact only when the condition is). */
export async function countLookupRows(
  db: Db,
  type: RecordType,
  lookup: IndexLookup,
  row: RowCondition,
): Promise<number> {
  return drivenByLookup(db, (trx) =>
    selectCount(trx, sql`select 1 ${lookupRowsQuery(type, lookup, row.where, dialectOf(db))}`),
  );
}

/** SQLite: how many live rows hold every term, read from the full-text index alone. */
export async function countWordMatches(db: Db, type: RecordType, ftsQuery: string): Promise<number> {
  const fts = sql.table(`${type}_fts`);
  return selectCount(
    db,
    sql`select rowid from ${fts} where ${fts} match ${ftsQuery} and ${withinDeadline(sql.ref('rowid'))}`,
  );
}

// A position in the order splits the rows after it into two index ranges: the rest of its tie (same key, ids after
// its id), then the keys past it. Each is one range of the (key, id) index. A single `key <= v and (key < v or
// (key = v and id > i))` is not: the index serves only `key <= v`, so every row of the tie before the position is
// read again and filtered, once per chunk, and the low scores are ties of millions of rows at 10M records.

/** Where the key column lies strictly after `value` in the order (`before`: strictly before it). */
function keyBeyond(
  order: ScanOrder,
  type: RecordType,
  value: number | bigint,
  side: 'after' | 'before',
): RawBuilder<SqlBool> {
  const column = keyOf(order, type);
  return DESCENDS[order].key === (side === 'after') ? sql`${column} < ${value}` : sql`${column} > ${value}`;
}

/** Where the id lies strictly after `id` in the order's tie-break. */
const idAfter = (order: ScanOrder, id: string): RawBuilder<SqlBool> =>
  DESCENDS[order].id ? sql`id < ${id}` : sql`id > ${id}`;
/** Where the id lies at or before `id` in the order's tie-break. */
const idUpTo = (order: ScanOrder, id: string): RawBuilder<SqlBool> =>
  DESCENDS[order].id ? sql`id >= ${id}` : sql`id <= ${id}`;

const onKey = (order: ScanOrder, type: RecordType, value: number | bigint) =>
  sql<SqlBool>`${keyOf(order, type)} = ${value}`;

/**
 * The rows strictly after `from` and at or before `to` (undefined: the start, the end), as at most three index
 * ranges in order: the rest of from's tie, the keys strictly between, the start of to's tie.
 */
function segmentsBetween(
  order: ScanOrder,
  type: RecordType,
  from: ScanKey | undefined,
  to: ScanKey | undefined,
): RawBuilder<SqlBool>[] {
  const and = (parts: RawBuilder<SqlBool>[]) =>
    parts.length === 0 ? sql<SqlBool>`1 = 1` : (sql.join(parts, sql` and `) as RawBuilder<SqlBool>);
  if (from && to && from.value === to.value)
    return [and([onKey(order, type, from.value), idAfter(order, from.id), idUpTo(order, to.id)])];
  const segments: RawBuilder<SqlBool>[] = [];
  if (from) segments.push(and([onKey(order, type, from.value), idAfter(order, from.id)]));
  const between: RawBuilder<SqlBool>[] = [];
  if (from) between.push(keyBeyond(order, type, from.value, 'after'));
  if (to) between.push(keyBeyond(order, type, to.value, 'before'));
  segments.push(and(between));
  if (to) segments.push(and([onKey(order, type, to.value), idUpTo(order, to.id)]));
  return segments;
}

/**
 * The segments' rows in order, each segment read in its index's order with the limit, the whole limited again: a
 * UNION ALL of subqueries (both databases accept a subquery in FROM as a member of a compound select).
 */
function inOrder(
  segments: RawBuilder<SqlBool>[],
  select: (where: RawBuilder<SqlBool>) => RawBuilder<unknown>,
  outerOrder: RawBuilder<unknown>,
  tails: { member: RawBuilder<unknown>; whole: RawBuilder<unknown> },
): RawBuilder<Record<string, unknown>> {
  if (segments.length === 1) return sql`${select(segments[0]!)} ${tails.whole}`;
  const members = segments.map(
    (segment, i) => sql`select * from (${select(segment)} ${tails.member}) ${sql.raw(`s${i}`)}`,
  );
  return sql`${sql.join(members, sql` union all `)} ${outerOrder} ${tails.whole}`;
}

function inRange(order: ScanOrder, type: RecordType, range: KeyRange): RawBuilder<SqlBool> {
  const column = keyOf(order, type);
  const low = range.min === null ? sql`1 = 1` : sql`${column} >= ${range.min}`;
  const high = range.max === null ? sql`1 = 1` : sql`${column} <= ${range.max}`;
  return sql`${low} and ${high}`;
}

/**
 * The key `chunk` rows after `from` in a scan order, within the key range, or undefined when fewer remain: the end
 * of one chunk of a scan, read from an index alone. top scans the live score index (live records only); new and
 * old the creation-time index, whatever the population.
 */
export async function findChunkEnd(
  db: Db,
  type: RecordType,
  order: ScanOrder,
  from: ScanKey | undefined,
  chunk: number,
  range: KeyRange,
): Promise<ScanKey | undefined> {
  const column = keyOf(order, type);
  const live = order === 'top' ? sql`${LIVE} and` : sql``;
  // Each segment reads at most `chunk` entries; the chunk's end is the last of the first `chunk` in order.
  const { rows } = await inOrder(
    segmentsBetween(order, type, from, undefined),
    (where) => sql`select ${column} as value, cast(${column} as text) as text, id from ${sql.table(type)}
      where ${live} ${where} and ${inRange(order, type, range)} ${orderByKey(order, type)}`,
    orderBy(order, sql.ref('value')),
    { member: sql`limit ${chunk}`, whole: sql`limit 1 offset ${chunk - 1}` },
  ).execute(db);
  const row = rows[0];
  if (!row) return undefined;
  // As text: the sample key and most_discussed's key exceed a JavaScript number's 53 bits.
  return { value: BigInt(String(row.text)), id: String(row.id) };
}

/** The rows after `from` up to `to` (to the end of the range when undefined) that pass the condition, in order. */
export async function selectChunkRows<T extends RecordType>(
  db: Db,
  type: T,
  row: RowCondition,
  chunk: { order: ScanOrder; from: ScanKey | undefined; to: ScanKey | undefined; range: KeyRange },
  limit?: number,
): Promise<RecordOf<T>[]> {
  const { order } = chunk;
  return drivenByOrder(db, (trx) =>
    selectRecords(
      trx,
      inOrder(
        segmentsBetween(order, type, chunk.from, chunk.to),
        // The key is selected too: the UNION ALL of segments is ordered by an output column.
        (where) => sql`select ${columnsOf(type)}, ${keyOf(order, type)} as scan_key from ${sql.table(type)}
        where ${where} and ${inRange(order, type, chunk.range)} and (${row.where}) ${orderByKey(order, type)}`,
        orderBy(order, sql.ref('scan_key')),
        { member: limitSql(limit), whole: limitSql(limit) },
      ),
    ),
  );
}

/** Where rows are stored: SQLite the largest rowid (dense: the corpus only grows), PostgreSQL pages and rows a page. */
export interface StorageExtent {
  readonly units: number;
  readonly rowsPerUnit: number;
  /** PostgreSQL: heap pages over all partitions, what the page sample draws from (SQLite: the rowids, as units) */
  readonly pages: number;
}

/** A table's extent from the catalog: no rows read. */
export async function findStorageExtent(db: Db, type: RecordType): Promise<StorageExtent> {
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ n: number | null }>`select max(rowid) as n from ${sql.table(type)}`.execute(
      db,
    );
    const units = Number(rows[0]?.n ?? 0);
    return { units, rowsPerUnit: 1, pages: units };
  }
  // A partitioned table (decision 041) stores nothing itself: its extent is its partitions'. A TID range applies to
  // every partition at once, so a unit is a page of each, up to the largest partition's, and a unit holds the
  // rows of them all.
  const { rows } = await sql<{ units: number; pages: number; tuples: number }>`select
      coalesce(max(pg_relation_size(c.oid) / current_setting('block_size')::int), 0) as units,
      coalesce(sum(pg_relation_size(c.oid) / current_setting('block_size')::int), 0) as pages,
      coalesce(sum(greatest(c.reltuples, 0)), 0) as tuples
    from pg_class c where c.oid = ${sql.lit(type)}::regclass and c.relkind = 'r'
      or c.oid in (select inhrelid from pg_inherits where inhparent = ${sql.lit(type)}::regclass)`.execute(
    db,
  );
  const units = Number(rows[0]?.units ?? 0);
  const pages = Number(rows[0]?.pages ?? 0);
  const tuples = Number(rows[0]?.tuples ?? 0);
  return {
    units,
    rowsPerUnit: units > 0 && tuples > 0 ? tuples / units : 20 * (pages / Math.max(1, units)),
    pages,
  };
}

// A storage range [from, to): SQLite rowids, PostgreSQL heap pages (a TID range scan reads just those pages).
const inStorage = (dialect: string, from: number, to: number): RawBuilder<SqlBool> =>
  dialect === 'sqlite'
    ? sql`rowid >= ${from} and rowid < ${to}`
    : sql`ctid >= ${`(${from},0)`}::tid and ctid < ${`(${to},0)`}::tid`;

/** How many rows of a storage range pass the condition (exact only when the condition is). */
export async function countStorageRange(
  db: Db,
  type: RecordType,
  row: RowCondition,
  from: number,
  to: number,
): Promise<number> {
  return selectCount(
    db,
    sql`select 1 from ${sql.table(type)} where ${inStorage(dialectOf(db), from, to)} and (${row.where})`,
  );
}

/** The rows of a storage range that pass the condition, for a check row by row or a sort in JavaScript. */
export async function selectStorageRange<T extends RecordType>(
  db: Db,
  type: T,
  row: RowCondition,
  from: number,
  to: number,
): Promise<RecordOf<T>[]> {
  return selectRecords(
    db,
    sql`select ${columnsOf(type)} from ${sql.table(type)}
      where ${inStorage(dialectOf(db), from, to)} and (${row.where})`,
  );
}

/** SQLite: how many of the given rowids pass the condition (a missing rowid simply does not). */
export async function countSampledRowids(
  db: Db,
  type: RecordType,
  row: RowCondition,
  rowids: readonly number[],
): Promise<number> {
  if (rowids.length === 0) return 0;
  return selectCount(
    db,
    sql`select 1 from ${sql.table(type)} where rowid in (${sql.join(rowids)}) and (${row.where})`,
  );
}

export interface SampledPage<T extends RecordType> {
  readonly page: number;
  /** rows stored in the page, live or not */
  readonly tuples: number;
  /** rows of the page that pass the condition */
  readonly rows: RecordOf<T>[];
}

/** PostgreSQL: every page the system sample picks (percent of the table, reproducible by seed). */
export async function samplePages<T extends RecordType>(
  db: Db,
  type: T,
  row: RowCondition,
  percent: number,
  seed: number,
): Promise<SampledPage<T>[]> {
  const { rows } = await sql<Record<string, unknown> & { page: number; m: boolean }>`
    select (ctid::text::point)[0]::bigint + tableoid::bigint * 4294967296 as page, (${row.where}) as m,
      ${columnsOf(type)}
    from ${sql.table(type)} tablesample system (${percent}) repeatable (${seed})`.execute(db);
  const pages = new Map<number, { page: number; tuples: number; rows: RecordOf<T>[] }>();
  for (const r of rows) {
    const page = Number(r.page);
    const entry = pages.get(page) ?? { page, tuples: 0, rows: [] };
    pages.set(page, entry);
    entry.tuples += 1;
    if (r.m) {
      const { page: _page, m: _m, ...record } = r;
      entry.rows.push(toRecord<T>(record));
    }
  }
  return [...pages.values()];
}
