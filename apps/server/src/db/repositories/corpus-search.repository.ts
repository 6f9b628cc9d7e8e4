import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { PreparedNode, RecordType } from '../../corpus/filters/prepare.ts';
import { COMMENT_COLUMNS, POST_COLUMNS, type CommentRecord, type PostRecord } from '../../exports/records.ts';
import { dialectOf, type Db } from '../database.ts';
import { compileFilter, type CompiledFilter } from '../filter-sql/compile-filter.ts';

type RecordOf<T extends RecordType> = T extends 'posts' ? PostRecord : CommentRecord;
/** Decides, for a candidate of an inexact (superset) query, whether it really matches. */
export type KeepRecord<T extends RecordType> = (record: RecordOf<T>) => boolean;

/** The columns an order file carries (DECISIONS.md §5), read in that order. */
const COLUMNS: Record<RecordType, readonly string[]> = { posts: POST_COLUMNS, comments: COMMENT_COLUMNS };
const FIRST_BATCH = 500;
const MAX_BATCH = 20_000;

function toRecord<T extends RecordType>(type: T, row: Record<string, unknown>): RecordOf<T> {
  const record: Record<string, unknown> = { ...row, is_sample: Number(row.is_sample) === 1 };
  for (const key of ['score', 'num_comments', 'created_utc', 'replies'])
    if (key in row) record[key] = Number(row[key]);
  return record as unknown as RecordOf<T>;
}

function selectPage(
  type: RecordType,
  filter: CompiledFilter,
  limit: number,
  after?: { score: number; id: string },
): RawBuilder<Record<string, unknown>> {
  const columns = sql.join([...COLUMNS[type], 'is_sample'].map((c) => sql.ref(c)));
  const keyset: RawBuilder<SqlBool> = after
    ? // The redundant `score <=` lets the score index start the page where the last one ended.
      sql`and score <= ${after.score} and (score < ${after.score} or (score = ${after.score} and id > ${after.id}))`
    : sql``;
  return sql`select ${columns} from ${sql.table(type)}
    where is_deleted = 0 and is_removed = 0 and (${filter.where}) ${keyset}
    order by score desc, id asc limit ${limit}`;
}

// Candidates of a superset query, in result order, in growing batches; yields only those `keep` accepts.
async function* streamKept<T extends RecordType>(
  db: Db,
  type: T,
  filter: CompiledFilter,
  firstBatch: number,
  keep: KeepRecord<T>,
): AsyncGenerator<RecordOf<T>> {
  let after: { score: number; id: string } | undefined;
  let batch = Math.min(MAX_BATCH, Math.max(FIRST_BATCH, firstBatch));
  for (;;) {
    const { rows } = await selectPage(type, filter, batch, after).execute(db);
    for (const row of rows) {
      const record = toRecord(type, row);
      if (keep(record)) yield record;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { score: Number(last.score), id: String(last.id) };
    batch = Math.min(MAX_BATCH, batch * 2);
  }
}

/**
 * The first `limit` records of one type that match, best first (score desc, then id asc); deleted and removed
 * records never match. When the dialect cannot say it exactly, candidates stream in that order in growing batches
 * and `keep` (the reference evaluator) picks the matches.
 */
export async function listMatchingRecords<T extends RecordType>(
  db: Db,
  type: T,
  node: PreparedNode | null,
  limit: number,
  keep: KeepRecord<T>,
): Promise<RecordOf<T>[]> {
  if (limit <= 0) return [];
  const filter = compileFilter(node, type, dialectOf(db));
  if (filter.isExact) {
    const { rows } = await selectPage(type, filter, limit).execute(db);
    return rows.map((row) => toRecord(type, row));
  }
  const kept: RecordOf<T>[] = [];
  for await (const record of streamKept(db, type, filter, limit * 2, keep)) {
    kept.push(record);
    if (kept.length === limit) break;
  }
  return kept;
}

/** How many records of one type match, counting no further than `limit` (same rules as listMatchingRecords). */
export async function countMatchingRecords<T extends RecordType>(
  db: Db,
  type: T,
  node: PreparedNode | null,
  limit: number,
  keep: KeepRecord<T>,
): Promise<number> {
  if (limit <= 0) return 0;
  const filter = compileFilter(node, type, dialectOf(db), 'count');
  if (!filter.isExact) {
    let count = 0;
    for await (const _record of streamKept(db, type, filter, MAX_BATCH, keep)) if (++count === limit) break;
    return count;
  }
  const table = filter.isTableScan ? sql`${sql.table(type)} not indexed` : sql.table(type);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${table}
    where is_deleted = 0 and is_removed = 0 and (${filter.where}) limit ${limit}) matches`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
