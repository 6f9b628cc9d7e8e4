import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

const WORKER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');

/** Runs the worker in its own Node process (same environment), restarting it if it dies unexpectedly. */
export function startWorkerProcess(logger: Logger): { stop(): Promise<void> } {
  let child: ChildProcess | undefined;
  let isStopping = false;
  const spawn = () => {
    child = fork(WORKER_ENTRY, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (isStopping) return;
      logger.error({ code, signal }, 'worker exited; restarting in 1 s');
      setTimeout(spawn, 1000).unref();
    });
  };
  spawn();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        isStopping = true;
        if (!child || child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
