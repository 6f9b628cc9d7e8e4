import type { Logger } from 'pino';
import { loadConfig } from './config.ts';
import { runStartup } from './lib/startup-errors.ts';

/** On SIGTERM/SIGINT the order in hand may finish within this; after it, it is handed back to the queue. */
const STOP_GRACE_MS = 6000;
/** Whatever hangs (a periodic job, the database), the process is gone this long after a signal. */
const SIGNAL_DEADLINE_MS = 9500;
/** Once its parent is gone the worker hands its order back at once and is gone within this. */
const ORPHAN_DEADLINE_MS = 3500;
/** How often the parent is looked for: the backstop to the IPC channel's disconnect. */
const PARENT_CHECK_MS = 1000;

// Handlers first: a signal, or the parent's end, while the worker is still starting ends it cleanly too.
const running: { stop?: (graceMs: number) => Promise<void>; logger?: Logger } = {};
let isShuttingDown = false;
function requestShutdown(reason: string, graceMs: number, deadlineMs: number) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  running.logger?.info({ reason }, 'worker stopping');
  setTimeout(() => {
    running.logger?.warn({ reason }, 'worker stop took too long: exiting now');
    process.exit(0);
  }, deadlineMs).unref();
  void (running.stop?.(graceMs) ?? Promise.resolve()).finally(() => process.exit(0));
}
process.on('SIGINT', () => requestShutdown('SIGINT', STOP_GRACE_MS, SIGNAL_DEADLINE_MS));
process.on('SIGTERM', () => requestShutdown('SIGTERM', STOP_GRACE_MS, SIGNAL_DEADLINE_MS));
// Forked by the server: the IPC channel closes when the server ends, however it ends (SIGKILL included).
if (process.send) process.on('disconnect', () => requestShutdown('parent gone', 0, ORPHAN_DEADLINE_MS));
// The backstop, and the only check for a worker started without IPC: a new parent (re-parented to init or a
// subreaper) or a parent that no longer exists. A worker started by init itself has nothing to watch.
const parentPid = process.ppid;
if (parentPid > 1) {
  setInterval(() => {
    if (process.ppid !== parentPid || !isProcessAlive(parentPid)) {
      requestShutdown('parent gone', 0, ORPHAN_DEADLINE_MS);
    }
  }, PARENT_CHECK_MS).unref();
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// A configuration or environment that cannot serve ends the process with one line on stderr (docs/security.md, 6).
// The rest of the worker loads once the settings are read, so that line comes in about a second.
const config = await runStartup(() => loadConfig());
const { createDeps } = await import('./deps.ts');
const deps = await runStartup(() => createDeps(config), config);
const { startOrderWorker } = await import('./jobs/order-worker.ts');
const { startScheduler } = await import('./jobs/scheduler.ts');
const { PERIODIC_JOBS } = await import('./jobs/registry.ts');
const { ensureSampleCorpus } = await import('./services/corpus/ingest/sample-corpus.service.ts');
const { recordWorkerHeartbeat } = await import('./services/operations/service-status.service.ts');
// The first heartbeat before anything else: health then knows a worker is loading the sample corpus.
await recordWorkerHeartbeat(deps).catch((err: unknown) => deps.logger.error({ err }, 'heartbeat failed'));
const scheduler = startScheduler(deps, PERIODIC_JOBS);
const orderWorker = startOrderWorker(deps);
// The server says when its API queued an order (worker-process.ts): claim it now rather than at the next poll.
const { ORDERS_QUEUED_MESSAGE } = await import('./worker-process.ts');
process.on('message', (message) => {
  if (message === ORDERS_QUEUED_MESSAGE) deps.ordersQueued.notify();
});
const { describeMailTransport } = await import('./lib/logging.ts');
deps.logger.info({ workerId: orderWorker.workerId, mail: describeMailTransport(config) }, 'worker started');
// First start with an empty corpus: load the sample corpus here, off the API's event loop (docs/decisions/007).
void ensureSampleCorpus(deps).catch((err: unknown) =>
  deps.logger.error({ err }, 'loading the sample corpus failed'),
);

running.logger = deps.logger;
running.stop = async (graceMs) => {
  await orderWorker.stop({ graceMs });
  await scheduler.stop();
  await deps.close();
};
