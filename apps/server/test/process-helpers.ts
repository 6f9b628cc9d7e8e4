// Shared by the process tests: the real entries (`node --import tsx src/<entry>.ts`, as `npm start` runs them) on
// a test app's database and storage, and views of processes through /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { sumLedgerAndLots } from '../src/db/repositories/payments/credits.repository.ts';
import { findOrderById } from '../src/db/repositories/orders/orders.repository.ts';
import type { OrderRow } from '../src/db/tables/orders.tables.ts';
import type { TestSession } from './auth-helpers.ts';
import type { TestApp } from './build-test-app.ts';
import { downloadOrderFile, listStorage, parseCsv, reservationLedger, waitFor } from './order-helpers.ts';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface EntryProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly output: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The environment of an entry on the test app's database and storage; `env` adds or overrides settings. */
export function entryEnv(t: TestApp, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    SESSION_SECRET: 'process-test-secret-process-test-secret',
    DATABASE_URL: t.database.url,
    STORAGE_DIR: t.deps.config.storage.dir,
    SAMPLE_CORPUS: 'off',
    HOST: '127.0.0.1',
    PORT: '0',
    RUN_WORKER: 'false',
    WORKER_POLL_INTERVAL_MS: '100',
    LOG_LEVEL: 'warn',
    ...(t.database.schema ? { DATABASE_SCHEMA: t.database.schema } : {}),
    ...env,
  };
}

/**
 * Starts `src/<entry>` as `npm start` runs it; `viaShell` starts it from a shell instead (`sh -c '… & wait'`), a
 * parent without an IPC channel that the test can kill.
 */
export function startEntry(
  t: TestApp,
  entry: 'main.ts' | 'worker.ts',
  env: Record<string, string>,
  { viaShell = false } = {},
): EntryProcess {
  const args = ['--import', 'tsx', path.join(SERVER_ROOT, 'src', entry)];
  const shellLine = `${[process.execPath, ...args].map((part) => `'${part}'`).join(' ')} & wait`;
  const child = viaShell
    ? spawn('/bin/sh', ['-c', shellLine], { cwd: SERVER_ROOT, env: entryEnv(t, env) })
    : spawn(process.execPath, args, { cwd: SERVER_ROOT, env: entryEnv(t, env) });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, pid: child.pid!, output: () => output, exited };
}

/** The state letter of /proc/<pid>/stat, or undefined when there is no such process. */
function processState(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** True while the process runs; a zombie (exited, not yet reaped by an init that may never reap it) is gone. */
export function isRunning(pid: number): boolean {
  const found = processState(pid);
  return found !== undefined && found.state !== 'Z' && found.state !== 'X';
}

/** The running children of `pid` whose command line holds `marker`. */
export function childProcesses(pid: number, marker: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => processState(child)?.ppid === pid && isRunning(child))
    .filter((child) => {
      try {
        return fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    });
}

/** SIGKILL for every process given that still runs (a test's clean-up). */
export function killAll(pids: Iterable<number>): void {
  for (const pid of pids) {
    if (!isRunning(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

/** Places a CSV order for posts matching `keyword`; its id. */
export async function placeKeywordOrder(
  t: TestApp,
  buyer: TestSession,
  keyword: string,
  resultCount: number,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search-queries/create/',
    headers: buyer.headers,
    payload: {
      title: `Order for ${keyword}`,
      format_type: 'csv',
      result_count: resultCount,
      filters: { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: keyword }] },
    },
  });
  if (res.statusCode !== 201) throw new Error(`order refused: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/**
 * The order was delivered exactly once: completed with `matches` records, one file of it in storage, named after its
 * last attempt, no temp file left, one reservation settled for `matches` credits with the rest released once, and the
 * user's balance (ledger and lots alike) down by `matches` from 1,000.
 */
export async function expectDeliveredOnce(
  t: TestApp,
  buyer: TestSession,
  orderId: string,
  { matches, resultCount }: { matches: number; resultCount: number },
): Promise<OrderRow> {
  const done = (await findOrderById(t.deps.db, orderId))!;
  expect(done).toMatchObject({
    status: 'completed',
    records_delivered: matches,
    credits_charged: matches,
    file_key: `${orderId}-${done.attempts}.csv`,
    lease_owner: null,
  });
  const { files, temps } = listStorage(t.deps.config.storage.dir);
  expect({ files: files.filter((name) => name.startsWith(orderId)), temps }).toEqual({
    files: [`${orderId}-${done.attempts}.csv`],
    temps: [],
  });
  const file = await downloadOrderFile(t.app, buyer.headers, orderId);
  expect(parseCsv(file.body.toString('utf8')).length).toBe(matches + 1);
  const ledger = await reservationLedger(t.deps.db, buyer.user.id, done.reservation_id);
  expect(ledger).toMatchObject({
    reserveEntries: 1,
    reserved: resultCount,
    releaseEntries: resultCount > matches ? 1 : 0,
    released: resultCount - matches,
  });
  expect(ledger.reservation).toMatchObject({ status: 'settled', creditsUsed: matches });
  expect(await sumLedgerAndLots(t.deps.db, buyer.user.id)).toEqual({
    ledger: 1000 - matches,
    lots: 1000 - matches,
  });
  return done;
}

/**
 * Kills `parent` (an entry or the shell that started it) with SIGKILL and expects its worker child to be gone within
 * 5 s; returns the worker's pid (also pushed to `workerPids`, for the file's clean-up).
 */
export async function killParentExpectWorkerGone(
  parent: EntryProcess,
  workerPids: number[],
): Promise<number> {
  const [workerPid] = childProcesses(parent.pid, 'worker.ts');
  expect(workerPid).toBeDefined();
  workerPids.push(workerPid!);
  parent.child.kill('SIGKILL');
  const killedAt = Date.now();
  await waitFor(() => !isRunning(workerPid!), {
    timeoutMs: 5_000,
    intervalMs: 50,
    what: 'the worker to exit',
  });
  expect(Date.now() - killedAt).toBeLessThan(5_000);
  return workerPid!;
}

/**
 * A replacement worker completes the order another one left, on its second attempt, delivered exactly once
 * (expectDeliveredOnce); then it stops cleanly on SIGTERM.
 */
export async function expectCompletedByReplacement(
  t: TestApp,
  replacement: EntryProcess,
  buyer: TestSession,
  orderId: string,
  expected: { matches: number; resultCount: number },
): Promise<void> {
  await waitFor(async () => (await findOrderById(t.deps.db, orderId))!.status === 'completed', {
    timeoutMs: 30_000,
    what: `completion (${replacement.output()})`,
  });
  const done = await expectDeliveredOnce(t, buyer, orderId, expected);
  expect(done.attempts).toBe(2);
  replacement.child.kill('SIGTERM');
  expect(await replacement.exited).toEqual({ code: 0, signal: null });
}
