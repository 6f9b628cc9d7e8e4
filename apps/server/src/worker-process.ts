import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

const WORKER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');
/** A stopping worker finishes or hands back its order within 10 s; one that takes longer is killed. */
const STOP_TIMEOUT_MS = 10_000;
const RESTART_DELAY_MS = 1000;
/** What the server sends its worker when the API has queued an order. */
export const ORDERS_QUEUED_MESSAGE = 'orders-queued';

/**
 * Runs the worker in its own Node process (same environment), restarting it if it dies unexpectedly. The worker
 * watches its IPC channel, so it ends when this process ends, however that happens; stop() sends SIGTERM and
 * SIGKILL after 10 s, and resolves once the child is gone. notifyOrdersQueued() tells the worker to claim now.
 */
export function startWorkerProcess(
  logger: Logger,
  options: { maxOldSpaceMb?: number } = {},
): { stop(): Promise<void>; notifyOrdersQueued(): void } {
  // A bounded old space makes V8 collect a large order's garbage early (docs/decisions/045-large-orders.md).
  const heap = options.maxOldSpaceMb === undefined ? [] : [`--max-old-space-size=${options.maxOldSpaceMb}`];
  let child: ChildProcess | undefined;
  let restart: NodeJS.Timeout | undefined;
  let isStopping = false;
  const spawn = () => {
    if (isStopping) return;
    child = fork(WORKER_ENTRY, [], { execArgv: ['--import', 'tsx', ...heap], stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (isStopping) return;
      logger.error({ code, signal }, 'worker exited; restarting in 1 s');
      restart = setTimeout(spawn, RESTART_DELAY_MS).unref();
    });
  };
  spawn();
  return {
    // The worker claims at once (ORDERS_QUEUED_MESSAGE); one that is restarting polls when it is back.
    notifyOrdersQueued: () => {
      if (child?.connected) child.send(ORDERS_QUEUED_MESSAGE, (err: Error | null) => void err);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        isStopping = true;
        clearTimeout(restart);
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
        const kill = setTimeout(() => {
          logger.warn({ pid: running.pid }, 'worker did not stop within 10 s: killing it');
          running.kill('SIGKILL');
        }, STOP_TIMEOUT_MS);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill('SIGTERM');
      }),
  };
}
