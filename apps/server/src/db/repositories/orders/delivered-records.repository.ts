import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { RecordType } from '../../../corpus/filters/prepare.ts';
import type { Db } from '../../database.ts';
import type { RowCondition } from '../../filter-sql/row-condition.ts';

// What each user received, for `exclude_purchased` (docs/decisions/029-thread-context-and-purchased-records.md).

export const RECORD_TYPE_CODE: Record<RecordType, number> = { posts: 1, comments: 2 };
/** Rows per insert statement (4 parameters a row, well under both databases' limits). */
const INSERT_BATCH = 500;

/** The user's buyer number, or undefined when the user has never received a record. */
export async function findRecordBuyerId(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('record_buyers')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/**
 * Keeps the records an order delivered, under the user's buyer number (made on the first delivery). Runs in the
 * order's completing transaction, so they are kept exactly when the order completes.
 */
export async function insertDeliveredRecords(
  trx: Db,
  delivery: { orderId: string; userId: string; posts: readonly string[]; comments: readonly string[] },
): Promise<void> {
  await trx
    .insertInto('record_buyers')
    .values({ user_id: delivery.userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const buyerId = (await findRecordBuyerId(trx, delivery.userId))!;
  const { id } = await trx
    .insertInto('order_deliveries')
    .values({ order_id: delivery.orderId, buyer_id: buyerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rowsOf = (type: RecordType, ids: readonly string[]) =>
    [...new Set(ids)].map((recordId) => ({
      buyer_id: buyerId,
      record_type: RECORD_TYPE_CODE[type],
      record_id: recordId,
      delivery_id: Number(id),
    }));
  const rows = [...rowsOf('posts', delivery.posts), ...rowsOf('comments', delivery.comments)];
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await trx
      .insertInto('delivered_records')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
}

/** How many records the user's kept deliveries hold, per order (for tests and the operator). */
export async function countDeliveredRecords(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('delivered_records as d')
    .innerJoin('order_deliveries as o', 'o.id', 'd.delivery_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/*
 * The record is not among those the buyer received. The primary key serves it (one probe a
 * candidate row). `id` is left unqualified on purpose: it is the searched table's (posts or comments, aliased or
 * not), since delivered_records has no column of that name.
 */
function notDeliveredTo(buyerId: number, type: RecordType): RawBuilder<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from delivered_records d
    where d.buyer_id = ${buyerId} and d.record_type = ${RECORD_TYPE_CODE[type]} and d.record_id = id)`;
}

/** A search's row condition narrowed to the records the buyer has not received (still exact when it was). */
export function excludeDelivered(row: RowCondition, buyerId: number, type: RecordType): RowCondition {
  return { ...row, where: sql<SqlBool>`(${row.where}) and ${notDeliveredTo(buyerId, type)}` };
}
