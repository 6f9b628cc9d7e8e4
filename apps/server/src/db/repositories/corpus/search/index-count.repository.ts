import { sql } from 'kysely';
import type { CountingIndex } from '../../../../corpus/filters/counting-index.ts';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import { dialectOf, type Db } from '../../../database.ts';
import { withinDeadline } from '../../../filter-sql/sqlite-functions.ts';
import type { RowCondition } from '../../../filter-sql/row-condition.ts';
import { withPlan } from './corpus-search.repository.ts';

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
