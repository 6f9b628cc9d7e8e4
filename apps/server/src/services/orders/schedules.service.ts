import {
  ORDER_MESSAGES,
  SCHEDULE_PERIOD_MS,
  type CreateOrderRequest,
  type PlacedOrderResponse,
  type Schedule,
  type ScheduleCadence,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  deleteUserSchedule,
  findScheduleByFirstOrder,
  findUserSchedule,
  insertSchedule,
  listUserSchedules,
  setScheduleStatus,
  type OrderScheduleRow,
} from '../../db/repositories/orders/schedules.repository.ts';
import { depsWithDb, type Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { parseStoredOrderRequest } from './order-request.ts';
import { placeOrder } from './orders.service.ts';

/** Places an order (orders.service's placeOrder), or with `schedule` an order and its schedule. */
export async function placeOrderOrSchedule(
  deps: Deps,
  userId: string,
  body: CreateOrderRequest,
  idempotencyKey?: string,
): Promise<{ order: PlacedOrderResponse; isReplay: boolean }> {
  const { schedule } = body;
  if (schedule) return placeScheduledOrder(deps, userId, { ...body, schedule }, idempotencyKey);
  return placeOrder(deps, userId, body, idempotencyKey);
}

/**
 * Places an order and makes it a schedule (`schedule`: daily or weekly) in one transaction: the order is placed now
 * as any other (charged, 402 when credits are short), always with exclude_purchased, and the schedule places it again
 * one period later, and every period after. With an Idempotency-Key, a retry returns the first order and its schedule.
 */
export async function placeScheduledOrder(
  deps: Deps,
  userId: string,
  body: CreateOrderRequest & { schedule: ScheduleCadence },
  idempotencyKey?: string,
): Promise<{ order: PlacedOrderResponse; isReplay: boolean }> {
  const { schedule: cadence, ...rest } = body;
  // Each run delivers only what the user has not received yet, and is charged for that only.
  const request: CreateOrderRequest = { ...rest, exclude_purchased: true };
  return withTransaction(deps.db, async (trx) => {
    const { order, isReplay } = await placeOrder(depsWithDb(deps, trx), userId, request, idempotencyKey);
    if (isReplay) {
      const existing = await findScheduleByFirstOrder(trx, userId, order.id);
      if (!existing) throw conflict(ORDER_MESSAGES.idempotencyConflict);
      return { order: { ...order, schedule: toSchedule(existing) }, isReplay };
    }
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    const row: OrderScheduleRow = {
      id: newId(now.getTime()),
      user_id: userId,
      cadence,
      status: 'active',
      request: JSON.stringify(request),
      title: request.title?.trim() || null,
      query_string: order.query_string,
      anchor_at: nowIso,
      next_run_at: new Date(now.getTime() + SCHEDULE_PERIOD_MS[cadence]).toISOString(),
      first_order_id: order.id,
      last_run_at: nowIso,
      last_outcome: 'placed',
      last_order_id: order.id,
      last_message: null,
      runs_placed: 1,
      runs_skipped: 0,
      created_at: nowIso,
      updated_at: nowIso,
    };
    await insertSchedule(trx, row);
    return { order: { ...order, schedule: toSchedule(row) }, isReplay };
  });
}

/** The user's schedules, oldest first. */
export async function listSchedules(deps: Deps, userId: string): Promise<Schedule[]> {
  return (await listUserSchedules(deps.db, userId)).map(toSchedule);
}

/** Pauses one of the user's schedules: no run is placed until it is resumed; 404 when it is not theirs. */
export async function pauseSchedule(deps: Deps, userId: string, id: string): Promise<Schedule> {
  const isSet = await setScheduleStatus(deps.db, {
    userId,
    id,
    status: 'paused',
    nextRunAt: null,
    nowIso: deps.clock.now().toISOString(),
  });
  if (!isSet) throw notFound();
  return getSchedule(deps, userId, id);
}

/**
 * Resumes one of the user's schedules at its next slot (runs keep their time of day, or day and time of the week);
 * the runs missed while paused are not placed. 404 when it is not theirs.
 */
export async function resumeSchedule(deps: Deps, userId: string, id: string): Promise<Schedule> {
  const row = await findUserSchedule(deps.db, userId, id);
  if (!row) throw notFound();
  if (row.status === 'active') return toSchedule(row);
  const now = deps.clock.now();
  await setScheduleStatus(deps.db, {
    userId,
    id,
    status: 'active',
    nextRunAt: nextSlotAfter(row, now),
    nowIso: now.toISOString(),
  });
  return getSchedule(deps, userId, id);
}

/** Deletes one of the user's schedules; the orders it placed stay. 404 when it is not theirs. */
export async function deleteSchedule(deps: Deps, userId: string, id: string): Promise<void> {
  if (!(await deleteUserSchedule(deps.db, userId, id))) throw notFound();
}

/** The first slot of a schedule's grid (its creation time plus whole periods) after `now`. */
export function nextSlotAfter(row: Pick<OrderScheduleRow, 'anchor_at' | 'cadence'>, now: Date): string {
  const anchor = Date.parse(row.anchor_at);
  const period = SCHEDULE_PERIOD_MS[row.cadence];
  const periods = Math.floor((now.getTime() - anchor) / period) + 1;
  return new Date(anchor + Math.max(1, periods) * period).toISOString();
}

async function getSchedule(deps: Deps, userId: string, id: string): Promise<Schedule> {
  const row = await findUserSchedule(deps.db, userId, id);
  if (!row) throw notFound();
  return toSchedule(row);
}

/** The stored request, parsed once through the server's order schema (a 400 when it is no longer valid). */
export function scheduledRequest(row: OrderScheduleRow): CreateOrderRequest {
  return parseStoredOrderRequest(JSON.parse(row.request));
}

export function toSchedule(row: OrderScheduleRow): Schedule {
  const request = scheduledRequest(row);
  return {
    id: row.id,
    cadence: row.cadence,
    status: row.status,
    title: row.title,
    search_type: request.search_type,
    format_type: request.format_type,
    result_count: request.result_count,
    query_string: row.query_string,
    next_run_at: row.status === 'active' ? row.next_run_at : null,
    last_run:
      row.last_run_at && row.last_outcome
        ? {
            at: row.last_run_at,
            outcome: row.last_outcome,
            order_id: row.last_order_id,
            message: row.last_message,
          }
        : null,
    runs_placed: Number(row.runs_placed),
    runs_skipped: Number(row.runs_skipped),
    first_order_id: row.first_order_id,
    created_at: row.created_at,
  };
}
