import type { Db } from '../../database.ts';
import type { OrderRow, OrderRowStatus } from '../../tables/orders.tables.ts';
import { failedOrderValues } from '../orders/orders.repository.ts';

export type OrderWithUsername = OrderRow & { username: string | null };

/** A page of every user's orders, newest first, filtered by status and user; and how many match. */
export async function listAllOrders(
  db: Db,
  input: { status?: OrderRowStatus; userId?: string; limit: number; offset: number },
): Promise<{ rows: OrderWithUsername[]; total: number }> {
  let query = db.selectFrom('orders as o');
  if (input.status) query = query.where('o.status', '=', input.status);
  if (input.userId) query = query.where('o.user_id', '=', input.userId);
  const rows = await query
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select('u.username')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/**
 * Puts a failed order back in the queue as new, under a fresh reservation: attempts, error and the last attempt's
 * results cleared. Conditional on `failed`, so of two retries only one re-queues.
 */
export async function requeueFailedOrder(
  db: Db,
  input: { orderId: string; reservationId: string; nowIso: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: 'pending',
      reservation_id: input.reservationId,
      attempts: 0,
      progress: 0,
      error: null,
      records_delivered: null,
      credits_charged: null,
      lease_owner: null,
      lease_expires_at: null,
      completed_at: null,
      next_attempt_at: input.nowIso,
      updated_at: input.nowIso,
    })
    .where('id', '=', input.orderId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Fails a pending order that no worker holds (an administrator's cancel); false when it is no longer pending. */
export async function cancelPendingOrder(
  db: Db,
  input: { orderId: string; error: string; nowIso: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(failedOrderValues(input.error, input.nowIso))
    .where('id', '=', input.orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One order with its owner's username. */
export async function findOrderWithUsername(db: Db, orderId: string): Promise<OrderWithUsername | undefined> {
  return db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select('u.username')
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}
