import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { startWorkerProcess } from './worker-process.ts';

const config = loadConfig();
const deps = await createDeps(config);
if (config.auth.isSecretGenerated) {
  deps.logger.warn(
    'SESSION_SECRET is not set: a random one is used, so sessions end when the server restarts',
  );
}
const app = await buildApp(deps, { serveWeb: true });
const worker = config.runWorker ? startWorkerProcess(deps.logger) : undefined;

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) return;
  isClosing = true;
  deps.logger.info({ signal }, 'shutting down');
  await worker?.stop();
  await app.close();
  await deps.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.http.host, port: config.http.port });
deps.logger.info(`Threadcart is listening on ${config.appUrl}`);
// Dry-run threads load their code now rather than on the first dry run.
void deps.dryRuns
  .warmUp()
  .catch((err: unknown) => deps.logger.error({ err }, 'dry-run threads failed to start'));
