import { loadConfig } from './config.ts';
import { explainListenError, runStartup } from './lib/startup-errors.ts';

/** The worker is gone within 10 s of the signal (SIGKILL then); whatever else hangs, the server exits by this. */
const SHUTDOWN_DEADLINE_MS = 12_000;
/** The longest any statement of the API's own pool may run on PostgreSQL. */
const API_STATEMENT_TIMEOUT_MS = 20_000;

// A configuration or environment that cannot serve ends the process with one line on stderr (docs/security.md, 6).
// The rest of the server loads once the settings are read, so that line comes in about a second.
const config = await runStartup(() => loadConfig());
const { createDeps } = await import('./deps.ts');
// Every statement of the API's pool is bounded on PostgreSQL (SQLite waits at most its busy_timeout): no request
// waits on a lock or a runaway query for ever (decision 028).
const deps = await runStartup(
  () => createDeps(config, { announce: true, statementTimeoutMs: API_STATEMENT_TIMEOUT_MS }),
  config,
);
const { buildApp } = await import('./app.ts');
const { startWorkerProcess } = await import('./worker-process.ts');
const { watchEventLoop } = await import('./lib/event-loop-guard.ts');
if (config.auth.isSecretGenerated) {
  deps.logger.warn(
    'SESSION_SECRET is not set: a random one is used, so sessions end when the server restarts',
  );
}
const app = await buildApp(deps, { serveWeb: true });
// Event-loop delay for /api/health/, and a warning naming the route whenever a request saw the loop blocked.
watchEventLoop(app);
let worker: ReturnType<typeof startWorkerProcess> | undefined;
// An order placed through the API is claimed at once by the worker, not at its next poll.
deps.ordersQueued.subscribe(() => worker?.notifyOrdersQueued());

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) return;
  isClosing = true;
  deps.logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    deps.logger.warn('shutdown took too long: exiting now');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  // The worker is stopped (SIGTERM, SIGKILL after 10 s) while the server drains its requests.
  await Promise.allSettled([worker?.stop(), app.close()]);
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
if (config.runWorker && !isClosing)
  worker = startWorkerProcess(deps.logger, {
    maxOldSpaceMb: config.worker.maxOldSpaceMb,
  });
// Dry-run threads load their code now rather than on the first dry run.
void deps.dryRuns
  .warmUp()
  .catch((err: unknown) => deps.logger.error({ err }, 'dry-run threads failed to start'));
