import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OrderRow, WorkerLane } from '../db/tables/orders.tables.ts';
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
 * The lanes the worker serves side by side: a full scan never holds back an indexed order (decision 038), nor a large
 * order a standard one (decision 045: its walk yields between pages, so the other lanes' orders interleave).
 */
const LANES: readonly WorkerLane[] = ['indexed', 'scan', 'large'];

/**
 * Polls for runnable orders (and claims at once when deps.ordersQueued is notified) and fulfils them, one at a time
 * in each lane: the indexed lane and, beside it, the scan lane (orders no index narrows, whose search runs in the
 * scan thread) and the large lane (large orders, decision 045), none while a bulk ingest has the corpus's search indexes deferred. stop() stops claiming, lets the
 * orders in hand finish within the grace period, else hands them back (lease released, so another worker takes them
 * at once); then it returns within 2 s plus one database write.
 */
export function startOrderWorker(deps: Deps, workerId = `${hostname()}:${process.pid}:${newId().slice(-8)}`) {
  let isStopped = false;
  const inHand = new Set<OrderRow>();
  const wakes = new Set<() => void>();
  const lanes = LANES.map((lane) => {
    // Set by a notify that came while the loop was not sleeping: the next sleep is skipped.
    const state = { isWoken: false, wake: undefined as (() => void) | undefined };
    const wake = () => {
      state.isWoken = true;
      state.wake?.();
    };
    wakes.add(wake);
    return runLane(lane, state);
  });
  const unsubscribe = deps.ordersQueued.subscribe(() => wakes.forEach((wake) => wake()));

  async function runLane(lane: WorkerLane, state: { isWoken: boolean; wake: (() => void) | undefined }) {
    while (!isStopped) {
      state.isWoken = false;
      try {
        // While a bulk load has the search indexes deferred, orders stay queued (decision 027).
        const order = (await isCorpusBulkLoading(deps)) ? undefined : await claimOrder(deps, workerId, lane);
        // Claimed while stop() was called: give it straight back rather than start on it.
        if (order && isStopped) {
          await handBackOrder(deps, order, workerId);
          break;
        }
        if (order) {
          inHand.add(order);
          try {
            await fulfilOrder(deps, order, workerId);
          } finally {
            inHand.delete(order);
          }
          continue;
        }
      } catch (err) {
        deps.logger.error({ err, lane }, 'order worker loop error');
      }
      if (state.isWoken || isStopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deps.config.worker.pollIntervalMs);
        state.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      state.wake = undefined;
    }
  }
  const loop = Promise.all(lanes).finally(unsubscribe);
  const settlesWithin = (ms: number) =>
    Number.isFinite(ms)
      ? Promise.race([loop.then(() => true), sleep(ms, false, { ref: false })])
      : loop.then(() => true);
  return {
    workerId,
    stop: async ({ graceMs = Infinity }: StopOptions = {}) => {
      isStopped = true;
      wakes.forEach((wake) => wake());
      if (await settlesWithin(graceMs)) return;
      await Promise.all(
        [...inHand].map((order) =>
          handBackOrder(deps, order, workerId).catch((err: unknown) =>
            deps.logger.error({ err, orderId: order.id }, 'handing the order back failed'),
          ),
        ),
      );
      await settlesWithin(LET_GO_MS);
    },
  };
}
