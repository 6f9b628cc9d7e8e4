import type { Db } from '../../database.ts';

/** The number of orders in each status (statuses with none are absent). */
export async function countOrdersByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Pending orders a worker may claim now (their retry time has come): the queue's depth. */
export async function countRunnableOrders(db: Db, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
