import { loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { startOrderWorker } from './jobs/order-worker.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { ensureSampleCorpus } from './services/sample-corpus.service.ts';

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

const config = loadConfig();
const deps = await createDeps(config);
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
