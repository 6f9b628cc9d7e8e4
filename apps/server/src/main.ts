import { loadConfig } from './config.ts';
import { explainListenError, runStartup } from './lib/startup-errors.ts';

// A configuration or environment that cannot serve ends the process with one line on stderr (docs/security.md, 6).
// The rest of the server loads once the settings are read, so that line comes in about a second.
const config = await runStartup(() => loadConfig());
const { createDeps } = await import('./deps.ts');
const deps = await runStartup(() => createDeps(config), config);
const { buildApp } = await import('./app.ts');
const { startWorkerProcess } = await import('./worker-process.ts');
if (config.auth.isSecretGenerated) {
  deps.logger.warn(
    'SESSION_SECRET is not set: a random one is used, so sessions end when the server restarts',
  );
}
const app = await buildApp(deps, { serveWeb: true });
let worker: { stop(): Promise<void> } | undefined;

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

const { host, port } = config.http;
await runStartup(async () => {
  try {
    await app.listen({ host, port });
  } catch (error) {
    throw explainListenError(error, host, port) ?? error;
  }
});
deps.logger.info(`Threadcart is listening on ${config.appUrl}`);
// Only now: a server that cannot listen (a busy port) never leaves a worker behind.
if (config.runWorker && !isClosing) worker = startWorkerProcess(deps.logger);
// Dry-run threads load their code now rather than on the first dry run.
void deps.dryRuns
  .warmUp()
  .catch((err: unknown) => deps.logger.error({ err }, 'dry-run threads failed to start'));
