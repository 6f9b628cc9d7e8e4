import { sql } from 'kysely';
import type { Db } from '../../database.ts';

/** Statuses of a payment whose money was received (refunds are shown on the payment, not subtracted here). */
const PAID_STATUSES = ['completed', 'partially_refunded', 'refunded'] as const;

/** How many active users signed up at or after each of the instants, and in all. */
export async function countUsersSince(db: Db, sinces: readonly string[]) {
  const base = db.selectFrom('users').where('deleted_at', 'is', null);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const counts = await Promise.all(
    sinces.map((since) =>
      base
        .where('created_at', '>=', since)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return { total: Number(total.n), since: counts.map((c) => Number(c.n)) };
}

/** How many orders were placed at or after each of the instants, and in all. */
export async function countOrdersSince(db: Db, sinces: readonly string[]) {
  const total = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const counts = await Promise.all(
    sinces.map((since) =>
      db
        .selectFrom('orders')
        .where('created_at', '>=', since)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return { total: Number(total.n), since: counts.map((c) => Number(c.n)) };
}

/** Money received (cents, every currency summed: the shop sells in one) from payments credited at or after each instant. */
export async function sumRevenueSince(db: Db, sinces: readonly string[]): Promise<number[]> {
  return Promise.all(
    sinces.map(async (since) => {
      const row = await db
        .selectFrom('payments')
        .where('status', 'in', PAID_STATUSES)
        .where('credited_at', '>=', since)
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('cents'))
        .executeTakeFirstOrThrow();
      return Number(row.cents);
    }),
  );
}

/** Every order's count by status. */
export async function countAllOrdersByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Orders a worker could take now: pending ones whose time has come, and processing ones (held or abandoned). */
export async function countQueueDepth(db: Db, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
        eb('status', '=', 'processing'),
      ]),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders placed and money received per UTC day (`YYYY-MM-DD`, from the ISO timestamps) since an instant. */
export async function countDaily(
  db: Db,
  since: string,
): Promise<{ orders: Map<string, number>; revenue: Map<string, number> }> {
  const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const orders = await db
    .selectFrom('orders')
    .where('created_at', '>=', since)
    .select([day('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(day('created_at'))
    .execute();
  const revenue = await db
    .selectFrom('payments')
    .where('status', 'in', PAID_STATUSES)
    .where('credited_at', '>=', since)
    .select([day('credited_at').as('day'), (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
    .groupBy(day('credited_at'))
    .execute();
  return {
    orders: new Map(orders.map((r) => [r.day, Number(r.n)])),
    revenue: new Map(revenue.map((r) => [r.day, Number(r.cents)])),
  };
}
