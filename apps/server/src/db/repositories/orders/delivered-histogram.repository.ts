import { sql } from 'kysely';
import type { RecordType } from '../../../corpus/filters/prepare.ts';
import { dialectOf, type Db } from '../../database.ts';
import { RECORD_TYPE_CODE } from './delivered-records.repository.ts';

/**
 * An order's delivered records still in the corpus, per calendar month of created_utc (UTC, `YYYY-MM-01`), oldest
 * first: delivered_records by its delivery index, joined to the type's table by primary key.
 */
export async function countDeliveredByMonth(
  db: Db,
  orderId: string,
  type: RecordType,
): Promise<{ start: string; count: number }[]> {
  const month =
    dialectOf(db) === 'postgres'
      ? sql.raw(`to_char(to_timestamp(r.created_utc) at time zone 'UTC', 'YYYY-MM-01')`)
      : sql.raw(`strftime('%Y-%m-01', r.created_utc, 'unixepoch')`);
  const { rows } = await sql<{ start: string; n: number }>`
    select ${month} as start, count(*) as n
    from order_deliveries o
    join delivered_records d on d.delivery_id = o.id and d.record_type = ${RECORD_TYPE_CODE[type]}
    join ${sql.table(type)} r on r.id = d.record_id
    where o.order_id = ${orderId}
    group by 1 order by 1`.execute(db);
  return rows.map((row) => ({ start: row.start, count: Number(row.n) }));
}
