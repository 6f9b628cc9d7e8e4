import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { IndexLookup } from '../../corpus/filters/index-lookups.ts';
import type { RecordType } from '../../corpus/filters/prepare.ts';
import { COMMENT_COLUMNS, POST_COLUMNS, type CommentRecord, type PostRecord } from '../../exports/records.ts';
import { dialectOf, type Db } from '../database.ts';
import { lookupCondition, lookupRowids } from '../filter-sql/index-lookup.ts';
import type { RowCondition } from '../filter-sql/row-condition.ts';

// The search's building blocks (docs/decisions/016-search-at-scale.md). Each statement reads a bounded number of rows
// (a lookup no larger than the caller checked, or one chunk of a scan), so a caller between statements can stop at
// a deadline, report progress, and let its event loop run.

export type RecordOf<T extends RecordType> = T extends 'posts' ? PostRecord : CommentRecord;
/** A position in result order (score desc, then id asc). */
export interface ScoreKey {
  readonly score: number;
  readonly id: string;
}

/** The columns an order file carries (DECISIONS.md §5), read in that order. */
const COLUMNS: Record<RecordType, readonly string[]> = { posts: POST_COLUMNS, comments: COMMENT_COLUMNS };
const LIVE = sql<SqlBool>`is_deleted = 0 and is_removed = 0`;

function toRecord<T extends RecordType>(type: T, row: Record<string, unknown>): RecordOf<T> {
  const record: Record<string, unknown> = { ...row, is_sample: Number(row.is_sample) === 1 };
  for (const key of ['score', 'num_comments', 'created_utc', 'replies'])
    if (key in row) record[key] = Number(row[key]);
  return record as unknown as RecordOf<T>;
}

const columnsOf = (type: RecordType, prefix?: string) =>
  sql.join([...COLUMNS[type], 'is_sample'].map((c) => (prefix ? sql.ref(`${prefix}.${c}`) : sql.ref(c))));

async function selectRecords<T extends RecordType>(
  db: Db,
  type: T,
  query: RawBuilder<Record<string, unknown>>,
): Promise<RecordOf<T>[]> {
  const { rows } = await query.execute(db);
  return rows.map((row) => toRecord(type, row));
}

async function selectCount(db: Db, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${query}) counted`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const limitSql = (limit: number | undefined) => (limit === undefined ? sql`` : sql`limit ${limit}`);

/** How many rows a lookup lists, counting no further than `limit` (read from the index only on SQLite). */
export async function probeLookup(
  db: Db,
  type: RecordType,
  lookup: IndexLookup,
  limit: number,
): Promise<number> {
  if (dialectOf(db) === 'sqlite') return selectCount(db, sql`${lookupRowids(lookup, type)} limit ${limit}`);
  return selectCount(
    db,
    sql`select 1 from ${sql.table(type)} where ${LIVE} and ${lookupCondition(lookup, type)} limit ${limit}`,
  );
}

function lookupRowsQuery(type: RecordType, lookup: IndexLookup, where: RawBuilder<SqlBool>, dialect: string) {
  if (dialect === 'sqlite')
    // CROSS JOIN keeps the lookup as the outer loop: its few rowids drive, rather than a scan in result order.
    return sql`from (${lookupRowids(lookup, type)}) c cross join ${sql.table(type)} t on t.rowid = c.r
      where t.is_deleted = 0 and t.is_removed = 0 and (${where})`;
  return sql`from ${sql.table(type)} where ${LIVE} and ${lookupCondition(lookup, type)} and (${where})`;
}

/** The rows a lookup lists that pass the condition, best first; all of them when limit is undefined. */
export async function selectLookupRows<T extends RecordType>(
  db: Db,
  type: T,
  lookup: IndexLookup,
  row: RowCondition,
  limit?: number,
): Promise<RecordOf<T>[]> {
  const dialect = dialectOf(db);
  const from = lookupRowsQuery(type, lookup, row.where, dialect);
  const columns = dialect === 'sqlite' ? columnsOf(type, 't') : columnsOf(type);
  const order = dialect === 'sqlite' ? sql`order by t.score desc, t.id` : sql`order by score desc, id`;
  return selectRecords(db, type, sql`select ${columns} ${from} ${order} ${limitSql(limit)}`);
}

/** How many rows a lookup lists that pass the condition (exact only when the condition is). */
export async function countLookupRows(
  db: Db,
  type: RecordType,
  lookup: IndexLookup,
  row: RowCondition,
): Promise<number> {
  return selectCount(db, sql`select 1 ${lookupRowsQuery(type, lookup, row.where, dialectOf(db))}`);
}

/** SQLite: how many live rows hold every term, read from the full-text index alone (it holds live rows only). */
export async function countWordMatches(db: Db, type: RecordType, ftsQuery: string): Promise<number> {
  const fts = sql.table(`${type}_fts`);
  return selectCount(db, sql`select rowid from ${fts} where ${fts} match ${ftsQuery}`);
}

const after = (key: ScoreKey | undefined): RawBuilder<SqlBool> =>
  key
    ? // The redundant `score <=` lets the score index start where the key is.
      sql`score <= ${key.score} and (score < ${key.score} or (score = ${key.score} and id > ${key.id}))`
    : sql`1 = 1`;
const notAfter = (key: ScoreKey | undefined): RawBuilder<SqlBool> =>
  key
    ? sql`score >= ${key.score} and (score > ${key.score} or (score = ${key.score} and id <= ${key.id}))`
    : sql`1 = 1`;

export interface ScoreRange {
  readonly min: number | null;
  readonly max: number | null;
}
const inScoreRange = (range: ScoreRange): RawBuilder<SqlBool> =>
  sql`${range.min === null ? sql`1 = 1` : sql`score >= ${range.min}`} and ${
    range.max === null ? sql`1 = 1` : sql`score <= ${range.max}`
  }`;

/**
 * The key `chunk` live rows after `from` in result order, within the score range (read from the live score index
 * alone), or undefined when fewer remain: the end of one chunk of a scan in result order.
 */
export async function findChunkEnd(
  db: Db,
  type: RecordType,
  from: ScoreKey | undefined,
  chunk: number,
  range: ScoreRange,
): Promise<ScoreKey | undefined> {
  const { rows } = await sql<{ score: number; id: string }>`select score, id from ${sql.table(type)}
    where ${LIVE} and ${after(from)} and ${inScoreRange(range)}
    order by score desc, id limit 1 offset ${chunk - 1}`.execute(db);
  const row = rows[0];
  return row ? { score: Number(row.score), id: String(row.id) } : undefined;
}

/** The rows after `from` up to `to` (to the end of the range when undefined) that pass the condition, best first. */
export async function selectChunkRows<T extends RecordType>(
  db: Db,
  type: T,
  row: RowCondition,
  chunk: { from: ScoreKey | undefined; to: ScoreKey | undefined; range: ScoreRange },
  limit?: number,
): Promise<RecordOf<T>[]> {
  return selectRecords(
    db,
    type,
    sql`select ${columnsOf(type)} from ${sql.table(type)}
      where ${LIVE} and ${after(chunk.from)} and ${notAfter(chunk.to)} and ${inScoreRange(chunk.range)}
        and (${row.where})
      order by score desc, id ${limitSql(limit)}`,
  );
}

/**
 * Where rows are stored, for scans in storage order and random samples: SQLite the largest rowid (rowids are dense:
 * the corpus only grows), PostgreSQL the number of heap pages and the rows a page holds on average.
 */
export async function findStorageExtent(
  db: Db,
  type: RecordType,
): Promise<{ readonly units: number; readonly rowsPerUnit: number }> {
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ n: number | null }>`select max(rowid) as n from ${sql.table(type)}`.execute(
      db,
    );
    return { units: Number(rows[0]?.n ?? 0), rowsPerUnit: 1 };
  }
  const { rows } = await sql<{ pages: number; tuples: number }>`select
      pg_relation_size(${sql.lit(type)}::regclass) / current_setting('block_size')::int as pages,
      greatest(reltuples, 0) as tuples
    from pg_class where oid = ${sql.lit(type)}::regclass`.execute(db);
  const pages = Number(rows[0]?.pages ?? 0);
  const tuples = Number(rows[0]?.tuples ?? 0);
  return { units: pages, rowsPerUnit: pages > 0 && tuples > 0 ? tuples / pages : 20 };
}

// A storage range [from, to): SQLite rowids, PostgreSQL heap pages (a TID range scan reads just those pages).
const inStorage = (dialect: string, from: number, to: number): RawBuilder<SqlBool> =>
  dialect === 'sqlite'
    ? sql`rowid >= ${from} and rowid < ${to}`
    : sql`ctid >= ${`(${from},0)`}::tid and ctid < ${`(${to},0)`}::tid`;

/** How many live rows of a storage range pass the condition (exact only when the condition is). */
export async function countStorageRange(
  db: Db,
  type: RecordType,
  row: RowCondition,
  from: number,
  to: number,
): Promise<number> {
  return selectCount(
    db,
    sql`select 1 from ${sql.table(type)} where ${inStorage(dialectOf(db), from, to)} and ${LIVE} and (${row.where})`,
  );
}

/** The live rows of a storage range that pass the condition, for a check row by row. */
export async function selectStorageRange<T extends RecordType>(
  db: Db,
  type: T,
  row: RowCondition,
  from: number,
  to: number,
): Promise<RecordOf<T>[]> {
  return selectRecords(
    db,
    type,
    sql`select ${columnsOf(type)} from ${sql.table(type)}
      where ${inStorage(dialectOf(db), from, to)} and ${LIVE} and (${row.where})`,
  );
}

/**
 * A random sample for an estimate. SQLite: the given rowids (missing ones simply count as no match), answered with
 * how many match. PostgreSQL: `tablesample system` over whole pages, answered per page with the rows that pass
 * the condition (to be checked further when the condition is a superset).
 */
export async function countSampledRowids(
  db: Db,
  type: RecordType,
  row: RowCondition,
  rowids: readonly number[],
): Promise<number> {
  if (rowids.length === 0) return 0;
  return selectCount(
    db,
    sql`select 1 from ${sql.table(type)} where rowid in (${sql.join(rowids)}) and ${LIVE} and (${row.where})`,
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
    select (ctid::text::point)[0]::bigint as page, (${LIVE} and (${row.where})) as m, ${columnsOf(type)}
    from ${sql.table(type)} tablesample system (${percent}) repeatable (${seed})`.execute(db);
  const pages = new Map<number, { page: number; tuples: number; rows: RecordOf<T>[] }>();
  for (const r of rows) {
    const page = Number(r.page);
    const entry = pages.get(page) ?? { page, tuples: 0, rows: [] };
    pages.set(page, entry);
    entry.tuples += 1;
    if (r.m) entry.rows.push(toRecord(type, r));
  }
  return [...pages.values()];
}
