import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { waitFor } from '../order-helpers.ts';
import {
  killParentExpectWorkerGone,
  childProcesses,
  isRunning,
  killAll,
  startEntry,
  type EntryProcess,
} from '../process-helpers.ts';
import { TEST_DIALECT } from '../test-database.ts';

// The server's own stop, and the worker's backstop for a parent without an IPC channel (worker-process.test.ts has
// the server killed mid-order).
describe(`stopping the server and the worker's parent (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const started: EntryProcess[] = [];
  const workerPids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    killAll([...started.map((p) => p.pid), ...workerPids]);
    await Promise.all(started.map((p) => p.exited));
    await t.close();
  });

  it('SIGTERM of the server: it exits 0 and its worker is gone', { timeout: 120_000 }, async () => {
    const server = startEntry(t, 'main.ts', { RUN_WORKER: 'true', LOG_LEVEL: 'info' });
    started.push(server);
    await waitFor(() => server.output().includes('worker started'), {
      timeoutMs: 90_000,
      what: `the worker to start (${server.output()})`,
    });
    const [workerPid] = childProcesses(server.pid, 'worker.ts');
    expect(workerPid).toBeDefined();
    workerPids.push(workerPid!);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(isRunning(workerPid!)).toBe(false);
  });

  it(
    'a worker without IPC whose parent is killed notices within seconds and exits',
    { timeout: 120_000 },
    async () => {
      const shell = startEntry(t, 'worker.ts', { LOG_LEVEL: 'info' }, { viaShell: true });
      started.push(shell);
      await waitFor(() => shell.output().includes('worker started'), {
        timeoutMs: 90_000,
        what: `the worker to start (${shell.output()})`,
      });
      await killParentExpectWorkerGone(shell, workerPids);
    },
  );
});
