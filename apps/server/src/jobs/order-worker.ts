import { hostname } from 'node:os';
import type { Deps } from '../deps.ts';
import { newId } from '../lib/ids.ts';
import { claimOrder, fulfilOrder } from '../services/fulfilment.service.ts';

/** Polls for runnable orders and fulfils them one at a time; stop() waits for the order in hand. */
export function startOrderWorker(deps: Deps, workerId = `${hostname()}:${process.pid}:${newId().slice(-8)}`) {
  let isStopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!isStopped) {
      try {
        const order = await claimOrder(deps, workerId);
        if (order) {
          await fulfilOrder(deps, order, workerId);
          continue;
        }
      } catch (err) {
        deps.logger.error({ err }, 'order worker loop error');
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, deps.config.worker.pollIntervalMs);
      });
    }
  })();
  return {
    workerId,
    stop: async () => {
      isStopped = true;
      wake?.();
      await loop;
    },
  };
}
