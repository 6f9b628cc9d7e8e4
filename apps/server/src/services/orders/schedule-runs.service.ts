import { SCHEDULE_MESSAGES, type CreateOrderRequest } from '@threadcart/contracts';
import { withSavepoint, withTransaction } from '../../db/database.ts';
import {
  claimScheduleRun,
  listDueSchedules,
  recordScheduleRun,
  type OrderScheduleRow,
} from '../../db/repositories/orders/schedules.repository.ts';
import { findUserById } from '../../db/repositories/auth/users.repository.ts';
import { depsWithDb, type Deps } from '../../deps.ts';
import { AppError, FieldErrors } from '../../errors.ts';
import { getMailer } from '../operations/mail.service.ts';
import { placeOrder } from './orders.service.ts';
import { nextSlotAfter, scheduledRequest } from './schedules.service.ts';

/** Schedules looked at per run of the job. */
const BATCH = 50;
const TITLE_MAX = 200;

/**
 * Places the runs that are due: for each active schedule whose slot has come, one transaction moves it to its next
 * slot (the claim: a run another worker took, or a schedule paused meanwhile, is left alone) and places the order as
 * the user would (exclude_purchased, charged as usual). A run the order path refuses (not enough credits, too many
 * open orders, a request no longer valid) is skipped and recorded, and the owner is e-mailed through the outbox,
 * once for a row of skipped runs. Runs missed while no worker ran are not made up: the next slot is in the future.
 */
export async function runDueSchedules(deps: Deps): Promise<{ placed: number; skipped: number }> {
  const counts = { placed: 0, skipped: 0 };
  const now = deps.clock.now();
  for (const row of await listDueSchedules(deps.db, now.toISOString(), BATCH)) {
    const outcome = await runSchedule(deps, row, now);
    if (outcome !== 'taken') counts[outcome] += 1;
  }
  return counts;
}

async function runSchedule(
  deps: Deps,
  row: OrderScheduleRow,
  now: Date,
): Promise<'placed' | 'skipped' | 'taken'> {
  const nowIso = now.toISOString();
  const dueAt = row.next_run_at!;
  const nextRunAt = nextSlotAfter(row, now);
  return withTransaction(deps.db, async (trx) => {
    if (!(await claimScheduleRun(trx, { id: row.id, dueAt, nextRunAt, nowIso }))) return 'taken';
    try {
      // A stored request no longer valid (its filters included) is a refusal like the order path's own.
      const request = runRequest(scheduledRequest(row), dueAt);
      const { order } = await withSavepoint(trx, 'schedule_run', () =>
        placeOrder(depsWithDb(deps, trx), row.user_id, request),
      );
      await recordScheduleRun(trx, {
        id: row.id,
        outcome: 'placed',
        orderId: order.id,
        message: null,
        at: nowIso,
      });
      return 'placed';
    } catch (error) {
      const reason = refusalOf(error);
      if (reason === undefined) throw error;
      await recordScheduleRun(trx, {
        id: row.id,
        outcome: 'skipped',
        orderId: null,
        message: reason,
        at: nowIso,
      });
      const user = await findUserById(trx, row.user_id);
      // One e-mail for a row of skipped runs: the dashboard says the rest.
      if (user && row.last_outcome !== 'skipped') {
        await getMailer(deps, trx).send({
          to: user.email,
          subject: SCHEDULE_MESSAGES.skippedSubject,
          body: SCHEDULE_MESSAGES.skipped({
            username: user.username,
            title: row.title ?? row.query_string,
            cadence: row.cadence,
            reason,
            next: nextRunAt.slice(0, 16).replace('T', ' '),
            url: `${deps.config.appUrl}/dashboard`,
          }),
        });
      }
      deps.logger.info({ scheduleId: row.id, reason }, 'scheduled run skipped');
      return 'skipped';
    }
  });
}

/** A run's request: the stored one, its title (when it has one) dated with the run's slot. */
function runRequest(request: CreateOrderRequest, dueAt: string): CreateOrderRequest {
  const title = request.title?.trim();
  if (!title) return { ...request, exclude_purchased: true };
  const suffix = ` · ${dueAt.slice(0, 10)}`;
  return {
    ...request,
    exclude_purchased: true,
    title: `${title.slice(0, TITLE_MAX - suffix.length)}${suffix}`,
  };
}

/** Why the order path refused a run, in its own words; undefined for an error that is not a refusal. */
function refusalOf(error: unknown): string | undefined {
  if (error instanceof AppError) return error.detail;
  if (error instanceof FieldErrors)
    return Object.values(error.fields).flat()[0] ?? 'The order request is no longer valid.';
  return undefined;
}
