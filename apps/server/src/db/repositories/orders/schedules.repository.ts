import type { Db } from '../../database.ts';
import type { OrderScheduleRow } from '../../tables/schedules.tables.ts';

export type { OrderScheduleRow };

/** Stores a new schedule. */
export async function insertSchedule(db: Db, row: OrderScheduleRow): Promise<void> {
  await db.insertInto('order_schedules').values(row).execute();
}

/** A user's schedules, oldest first. */
export async function listUserSchedules(db: Db, userId: string): Promise<OrderScheduleRow[]> {
  return db
    .selectFrom('order_schedules')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One schedule only when it belongs to this user (undefined otherwise, so callers answer 404). */
export async function findUserSchedule(
  db: Db,
  userId: string,
  id: string,
): Promise<OrderScheduleRow | undefined> {
  return db
    .selectFrom('order_schedules')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The schedule a user's order started, if it started one (an Idempotency-Key replay answers with it). */
export async function findScheduleByFirstOrder(
  db: Db,
  userId: string,
  orderId: string,
): Promise<OrderScheduleRow | undefined> {
  return db
    .selectFrom('order_schedules')
    .selectAll()
    .where('first_order_id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Active schedules whose run is due, of accounts that are neither deleted nor disabled, the longest due first. */
export async function listDueSchedules(db: Db, nowIso: string, limit: number): Promise<OrderScheduleRow[]> {
  return db
    .selectFrom('order_schedules as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .where('s.status', '=', 'active')
    .where('s.next_run_at', '<=', nowIso)
    .where('u.deleted_at', 'is', null)
    .where('u.disabled_at', 'is', null)
    .orderBy('s.next_run_at')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/**
 * Claims the run due at `dueAt` by moving the schedule on to its next slot; false when it was claimed (or paused,
 * or deleted) meanwhile. Called in the transaction that places the run's order, so the run and the move commit
 * together: on PostgreSQL a second claimer waits for the row and then finds `next_run_at` changed.
 */
export async function claimScheduleRun(
  db: Db,
  input: { id: string; dueAt: string; nextRunAt: string; nowIso: string },
): Promise<boolean> {
  const result = await db
    .updateTable('order_schedules')
    .set({ next_run_at: input.nextRunAt, updated_at: input.nowIso })
    .where('id', '=', input.id)
    .where('status', '=', 'active')
    .where('next_run_at', '=', input.dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records how a run ended and counts it. */
export async function recordScheduleRun(
  db: Db,
  input: {
    id: string;
    outcome: 'placed' | 'skipped';
    orderId: string | null;
    message: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .updateTable('order_schedules')
    .set((eb) => ({
      last_run_at: input.at,
      last_outcome: input.outcome,
      last_order_id: input.orderId,
      last_message: input.message,
      runs_placed: input.outcome === 'placed' ? eb('runs_placed', '+', 1) : eb.ref('runs_placed'),
      runs_skipped: input.outcome === 'skipped' ? eb('runs_skipped', '+', 1) : eb.ref('runs_skipped'),
      updated_at: input.at,
    }))
    .where('id', '=', input.id)
    .execute();
}

/** Pauses (next run null) or resumes (next run set) one of a user's schedules; false when it is not theirs. */
export async function setScheduleStatus(
  db: Db,
  input: {
    userId: string;
    id: string;
    status: 'active' | 'paused';
    nextRunAt: string | null;
    nowIso: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('order_schedules')
    .set({ status: input.status, next_run_at: input.nextRunAt, updated_at: input.nowIso })
    .where('id', '=', input.id)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes one of a user's schedules (the orders it placed stay); false when it is not theirs. */
export async function deleteUserSchedule(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('order_schedules')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Deletes every schedule of a user (account deletion). */
export async function deleteUserSchedules(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('order_schedules').where('user_id', '=', userId).execute();
}
