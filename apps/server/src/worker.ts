import { loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { startScheduler } from './jobs/scheduler.ts';

const config = loadConfig();
const deps = await createDeps(config, { migrate: false });
const scheduler = startScheduler(deps);
deps.logger.info('worker started');

async function shutdown() {
  await scheduler.stop();
  await deps.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
