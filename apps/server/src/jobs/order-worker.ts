import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OrderRow } from '../db/tables/orders.tables.ts';
import type { Deps } from '../deps.ts';
import { newId } from '../lib/ids.ts';
import { isCorpusBulkLoading } from '../services/corpus/ingest/corpus-deferred.service.ts';
import { claimOrder, fulfilOrder } from '../services/orders/fulfilment.service.ts';
import { handBackOrder } from '../services/orders/order-handback.service.ts';

/** After a hand-back, how long the fulfilment in hand gets to notice it (a progress write) and clean up. */
const LET_GO_MS = 2000;

export interface StopOptions {
  /** How long the order in hand may take to finish before it is handed back (0: at once; default: no limit). */
  readonly graceMs?: number;
}

/**
 * Polls for runnable orders (and claims at once when deps.ordersQueued is notified) and fulfils them one at a time, none while a bulk ingest has the corpus's search indexes
 * deferred. stop() stops claiming, lets the order in hand finish
 * within the grace period, else hands it back (lease released, so another worker takes it at once); then it
 * returns within 2 s plus one database write.
 */
export function startOrderWorker(deps: Deps, workerId = `${hostname()}:${process.pid}:${newId().slice(-8)}`) {
  let isStopped = false;
  let wake: (() => void) | undefined;
  // Set by a notify that came while the loop was not sleeping: the next sleep is skipped.
  let isWoken = false;
  let inHand: OrderRow | undefined;
  const unsubscribe = deps.ordersQueued.subscribe(() => {
    isWoken = true;
    wake?.();
  });
  const loop = (async () => {
    while (!isStopped) {
      isWoken = false;
      try {
        // While a bulk load has the search indexes deferred, orders stay queued (decision 027).
        const order = (await isCorpusBulkLoading(deps)) ? undefined : await claimOrder(deps, workerId);
        // Claimed while stop() was called: give it straight back rather than start on it.
        if (order && isStopped) {
          await handBackOrder(deps, order, workerId);
          break;
        }
        if (order) {
          inHand = order;
          try {
            await fulfilOrder(deps, order, workerId);
          } finally {
            inHand = undefined;
          }
          continue;
        }
      } catch (err) {
        deps.logger.error({ err }, 'order worker loop error');
      }
      if (isWoken || isStopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deps.config.worker.pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    unsubscribe();
  })();
  const settlesWithin = (ms: number) =>
    Number.isFinite(ms)
      ? Promise.race([loop.then(() => true), sleep(ms, false, { ref: false })])
      : loop.then(() => true);
  return {
    workerId,
    stop: async ({ graceMs = Infinity }: StopOptions = {}) => {
      isStopped = true;
      wake?.();
      if (await settlesWithin(graceMs)) return;
      const order = inHand;
      if (order) {
        await handBackOrder(deps, order, workerId).catch((err: unknown) =>
          deps.logger.error({ err, orderId: order.id }, 'handing the order back failed'),
        );
      }
      await settlesWithin(LET_GO_MS);
    },
  };
}
