import { sql } from 'kysely';
import type { CountingIndex } from '../../../../corpus/filters/counting-index.ts';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import { dialectOf, type Db } from '../../../database.ts';
import { withinDeadline } from '../../../filter-sql/sqlite-functions.ts';
import type { RowCondition } from '../../../filter-sql/row-condition.ts';
import {
  columnsOf,
  limitSql,
  orderByKey,
  selectRecords,
  withPlan,
  type RecordOf,
  type ScanOrder,
} from './corpus-search.repository.ts';

/** SQLite checks the dry run's clock once every this many index entries: a call per entry halved the count's speed. */
const CLOCK_EVERY = 4096;

/**
 * How many rows meet an exact condition, up to `cap`, read from one index alone (an index-only scan of the range the condition
 * bounds; docs/decisions/046-exact-counts-from-indexes.md). The caller has checked that the index holds every column
 * the condition reads (findCountingIndex). PostgreSQL: with the table scans off the planner reads an index, the
 * covering one being the cheapest; its pages must be all-visible (VACUUM) to skip the table, else it visits it.
 */
export async function countFromIndex(
  db: Db,
  type: RecordType,
  index: CountingIndex,
  row: RowCondition,
  cap: number,
): Promise<number> {
  const table = sql.table(type);
  if (dialectOf(db) === 'sqlite') {
    const clock = withinDeadline(sql.ref('rowid'));
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${table}
      indexed by ${sql.raw(index.name)} where ${row.where} and (rowid % ${sql.lit(CLOCK_EVERY)} <> 0 or ${clock})
      limit ${cap})`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  return withPlan(db, ['enable_seqscan', 'enable_bitmapscan', 'jit'], async (trx) => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from (select 1 from ${table}
      where ${row.where} limit ${cap}) counted`.execute(trx);
    return Number(rows[0]?.n ?? 0);
  });
}

/**
 * PostgreSQL: the best `limit` rows in an order, chosen from one index alone and then read by id (decision 046). The
 * first statement reads the range the condition bounds whole, in a materialised CTE planned apart from the order and
 * the limit (an index-only scan: a name index carries the liveness, the score and the id as INCLUDE columns), and sorts
 * it there; left free, the planner walked the score index in the order and read a table row per entry. The second
 * reads the chosen rows by their ids. The caller has checked that the index holds every column the condition and the order read.
 */
export async function selectFromIndexOnly<T extends RecordType>(
  db: Db,
  type: T,
  row: RowCondition,
  order: { by: ScanOrder; limit: number },
): Promise<RecordOf<T>[]> {
  const table = sql.table(type);
  const sorted = orderByKey(order.by, type);
  const ids = await withPlan(db, ['enable_seqscan', 'enable_bitmapscan', 'jit'], (trx) =>
    sql<{ id: string }>`with range as materialized (select id, score, created_utc from ${table}
      where ${row.where}) select id from range ${sorted} ${limitSql(order.limit)}`.execute(trx),
  );
  if (ids.rows.length === 0) return [];
  return selectRecords<T>(
    db,
    sql`select ${columnsOf(type)} from ${table} where id in (${sql.join(ids.rows.map((r) => r.id))}) ${sorted}`,
  );
}
