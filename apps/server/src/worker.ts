import { loadConfig } from './config.ts';
import { runStartup } from './lib/startup-errors.ts';

// Handlers first: a signal that arrives while the worker is still starting ends it cleanly too.
const running: { stop?: () => Promise<void> } = {};
let isShuttingDown = false;
function requestShutdown() {
  if (isShuttingDown) return;
  isShuttingDown = true;
  void (running.stop?.() ?? Promise.resolve()).finally(() => process.exit(0));
}
process.on('SIGINT', requestShutdown);
process.on('SIGTERM', requestShutdown);

// A configuration or environment that cannot serve ends the process with one line on stderr (docs/security.md, 6).
// The rest of the worker loads once the settings are read, so that line comes in about a second.
const config = await runStartup(() => loadConfig());
const { createDeps } = await import('./deps.ts');
const deps = await runStartup(() => createDeps(config), config);
const { startOrderWorker } = await import('./jobs/order-worker.ts');
const { startScheduler } = await import('./jobs/scheduler.ts');
const { ensureSampleCorpus } = await import('./services/sample-corpus.service.ts');
const scheduler = startScheduler(deps);
const orderWorker = startOrderWorker(deps);
deps.logger.info({ workerId: orderWorker.workerId }, 'worker started');
// First start with an empty corpus: load the sample corpus here, off the API's event loop (docs/decisions/007).
void ensureSampleCorpus(deps).catch((err: unknown) =>
  deps.logger.error({ err }, 'loading the sample corpus failed'),
);

running.stop = async () => {
  await orderWorker.stop();
  await scheduler.stop();
  await deps.close();
};
