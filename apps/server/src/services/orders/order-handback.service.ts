import { scheduleRetry } from '../../db/repositories/orders/orders.repository.ts';
import type { OrderRow } from '../../db/tables/orders.tables.ts';
import type { Deps } from '../../deps.ts';

/** What the order shows until a worker takes it again. */
const HANDED_BACK_MESSAGE = 'The worker fulfilling this order stopped; another worker takes it over now.';

/**
 * Gives a claimed order back to the queue at once (pending, due now, lease released), for a worker that is
 * stopping. Only while this worker still holds the lease, so an order that completed meanwhile stays completed. The
 * fulfilment still running in this process then finds its lease gone at its next progress write and stops without
 * writing a file; the attempt counts, as one cut short by a crash would.
 */
export async function handBackOrder(deps: Deps, order: OrderRow, workerId: string): Promise<boolean> {
  const nowIso = deps.clock.now().toISOString();
  const isHandedBack = await scheduleRetry(deps.db, {
    orderId: order.id,
    workerId,
    error: HANDED_BACK_MESSAGE,
    nextAttemptAt: nowIso,
    nowIso,
  });
  if (isHandedBack) deps.logger.info({ orderId: order.id }, 'worker stopping: order handed back');
  return isHandedBack;
}
