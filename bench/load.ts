// Load and faults (issue 13 item 5): 200 simulated users for 60 s against the real server and its worker, on SQLite
// and on PostgreSQL, with p50/p95/p99 per route, errors and orders delivered; then a fault run that SIGKILLs the
// worker 20 times during fulfilment (and, on PostgreSQL, ends every server connection once) and checks the ledger and
// the storage directory for lost orders, doubled files and credit drift. Figures go into bench/RESULTS.md ("Load").
// Run: npm run bench:load [-- --only sqlite|postgres] [--users 200] [--seconds 60] [--kills 20] [--skip-load]
// [--skip-fault]. The server listens on BENCH_PORT (8282); PostgreSQL at BENCH_PG_URL (postgres://postgres@127.0.0.1:5432),
// in its own databases bench_load_corpus (the corpus, kept) and bench_load (made anew from it for every run).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../apps/server/src/db/database.ts';
import {
  HealthTally,
  percentile,
  probeHealth,
  Session,
  simulateUser,
  Stats,
  type OrderBook,
} from './load-client.ts';
import {
  checkOutcome,
  DATA_DIR,
  dropPostgresConnections,
  freshDatabase,
  makeUsers,
  waitForOrders,
  type BenchUser,
  type Dialect,
  type Outcome,
} from './load-setup.ts';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const DIALECTS: Dialect[] = (['sqlite', 'postgres'] as const).filter((d) => !only || only === d);
const USERS = option('users', 200);
const SECONDS = option('seconds', 60);
const KILLS = option('kills', 20);
const PORT = option('port', Number(process.env.BENCH_PORT ?? 8282));
const BASE = `http://127.0.0.1:${PORT}`;
/** Users arrive (and sign in) spread over the first half of the run, as people do, not all in one second. */
const ARRIVAL_MS = (SECONDS * 1000) / 2;
const SERVER_ROOT = path.resolve(import.meta.dirname, '../apps/server');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

/** The 1-minute load average every 5 s while a phase runs: the machine is shared (2 cores, other sessions). */
function watchLoad(): { stop(): { start: number; mean: number; max: number; end: number } } {
  const samples = [os.loadavg()[0]!];
  const timer = setInterval(() => samples.push(os.loadavg()[0]!), 5000);
  return {
    stop: () => {
      clearInterval(timer);
      samples.push(os.loadavg()[0]!);
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      return { start: samples[0]!, mean, max: Math.max(...samples), end: samples.at(-1)! };
    },
  };
}

interface Server {
  readonly child: ChildProcess;
  readonly logFile: string;
  stop(): Promise<void>;
}

/** The real server (src/main.ts, which forks the real worker) with the bench's settings. */
async function startServer(
  dialect: Dialect,
  url: string,
  storageDir: string,
  extra: Record<string, string>,
): Promise<Server> {
  const logFile = path.join(DATA_DIR, `load-server-${dialect}.log`);
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      APP_URL: BASE,
      DATABASE_URL: url,
      STORAGE_DIR: storageDir,
      SESSION_SECRET: 'bench-load-secret-bench-load-secret-0123',
      SAMPLE_CORPUS: 'off',
      RUN_WORKER: 'true',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      PAYMENTS_SIMULATOR: 'allow',
      ...extra,
    },
  });
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${BASE}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    child,
    logFile,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      fs.closeSync(out);
    },
  };
}

/** The worker the server forked: its child whose command line names worker.ts. */
function workerPid(serverPid: number): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== serverPid) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('worker.ts')) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const blockedWarnings = (logFile: string) =>
  fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('event loop blocked')).length;

interface RouteFigures {
  readonly route: string;
  readonly requests: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly errors: number;
}

function figuresOf(stats: Stats): { routes: RouteFigures[]; api: RouteFigures } {
  const byRoute = new Map<string, typeof stats.calls>();
  for (const call of stats.calls) byRoute.set(call.route, [...(byRoute.get(call.route) ?? []), call]);
  const figures = (route: string, calls: typeof stats.calls): RouteFigures => {
    const ms = calls.map((c) => c.ms);
    return {
      route,
      requests: calls.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
      errors: calls.filter((c) => !c.ok).length,
    };
  };
  const routes = [...byRoute]
    .map(([route, calls]) => figures(route, calls))
    .sort((a, b) => b.requests - a.requests);
  return { routes, api: figures('all API calls', stats.calls) };
}

async function loadRun(dialect: Dialect) {
  log(`${dialect}: load run, ${USERS} users for ${SECONDS} s`);
  const url = await freshDatabase(dialect);
  const storageDir = path.join(DATA_DIR, `load-files-${dialect}`);
  fs.rmSync(storageDir, { recursive: true, force: true });
  const handle = createDatabase(url);
  const users = await makeUsers(handle, USERS, `load_${dialect}`);
  const server = await startServer(dialect, url, storageDir, {});
  const stats = new Stats();
  const orders: OrderBook = new Map();
  try {
    const load = watchLoad();
    const deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const health = new HealthTally();
    await Promise.all([
      probeHealth(BASE, stats, deadline, 250, health),
      ...users.map((user) =>
        simulateUser(BASE, user, { deadline, arrivalMs: ARRIVAL_MS, stats, orders, orderShare: 0.08 }),
      ),
    ]);
    const seconds = (Date.now() - started) / 1000;
    const machine = load.stop();
    const ids = [...orders.values()].flat();
    log(
      `${dialect}: ${stats.calls.length} calls in ${seconds.toFixed(0)} s; waiting for ${ids.length} orders`,
    );
    const waitStarted = Date.now();
    await waitForOrders(handle, ids, 300_000);
    const outcome = await checkOutcome(handle, users, storageDir);
    return {
      dialect,
      seconds,
      machine,
      drainSeconds: (Date.now() - waitStarted) / 1000,
      ...figuresOf(stats),
      health: health.toJSON(),
      healthText: health.toText(),
      failures: stats.failures,
      blockedWarnings: blockedWarnings(server.logFile),
      outcome,
    };
  } finally {
    await server.stop();
    await handle.close();
  }
}

async function faultRun(dialect: Dialect) {
  log(
    `${dialect}: fault run, ${KILLS} worker kills${dialect === 'postgres' ? ' and one lost connection' : ''}`,
  );
  const url = await freshDatabase(dialect);
  const storageDir = path.join(DATA_DIR, `fault-files-${dialect}`);
  fs.rmSync(storageDir, { recursive: true, force: true });
  const handle = createDatabase(url);
  const users = await makeUsers(handle, 20, `fault_${dialect}`);
  // Orders take seconds (3 ms a record), so kills land during fulfilment; a killed order's lease ends after 3 s.
  const server = await startServer(dialect, url, storageDir, {
    WORKER_LEASE_MS: '3000',
    WORKER_RECORD_DELAY_MS: '3',
    WORKER_RETRY_BASE_MS: '500',
    WORKER_MAX_ATTEMPTS: '10',
  });
  const stats = new Stats();
  try {
    const load = watchLoad();
    const sessions = await Promise.all(users.map(async (user) => signedIn(user, stats)));
    for (const [i, session] of sessions.entries())
      for (let n = 0; n < 3; n += 1)
        await session.call('POST', '/api/search-queries/create/', '/api/search-queries/create/', {
          expect: [201],
          body: {
            title: `fault ${i}.${n}`,
            search_type: 'both',
            format_type: (['json', 'csv', 'xlsx', 'ndjson', 'parquet'] as const)[(i + n) % 5],
            result_count: 300 + ((i * 7 + n * 13) % 8) * 100,
            filters: {
              combinator: 'and',
              rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'data' }],
            },
          },
        });
    let polling = true;
    const pollers = sessions.map(async (session) => {
      while (polling) {
        await session.call('GET', '/api/search-queries/list/', '/api/search-queries/list/');
        await sleep(1000 + Math.random() * 1000);
      }
    });
    let kills = 0;
    let duringFulfilment = 0;
    let droppedConnections = -1;
    while (kills < KILLS) {
      await sleep(1500 + Math.random() * 1500);
      const processing = await handle.db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'processing')
        .execute();
      const pid = workerPid(server.child.pid!);
      if (pid === undefined) continue;
      process.kill(pid, 'SIGKILL');
      kills += 1;
      if (processing.length > 0) duringFulfilment += 1;
      if (dialect === 'postgres' && kills === Math.ceil(KILLS / 2))
        droppedConnections = await dropPostgresConnections();
    }
    log(`${dialect}: ${kills} kills (${duringFulfilment} during fulfilment); waiting for the orders`);
    await waitForOrders(handle, ['all'], 600_000);
    polling = false;
    await Promise.all(pollers);
    const health = await fetch(`${BASE}/api/health/`);
    const outcome = await checkOutcome(handle, users, storageDir);
    return {
      dialect,
      machine: load.stop(),
      kills,
      duringFulfilment,
      droppedConnections,
      healthAfter: health.status,
      ...figuresOf(stats),
      failures: stats.failures,
      outcome,
    };
  } finally {
    await server.stop();
    await handle.close();
  }
}

async function signedIn(user: BenchUser, stats: Stats): Promise<Session> {
  const session = new Session(BASE, stats, user.address);
  if (!(await session.signIn(user.username, user.password)))
    throw new Error(`${user.username} could not sign in: ${stats.failures.join('; ')}`);
  return session;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const loadText = (m: { start: number; mean: number; max: number; end: number }) =>
  `load average (1 min) ${m.start.toFixed(1)} at the start, mean ${m.mean.toFixed(1)}, max ${m.max.toFixed(1)}`;

function printLoad(run: Awaited<ReturnType<typeof loadRun>>): void {
  const o: Outcome = run.outcome;
  console.log(
    `\n### ${run.dialect}: ${USERS} users, ${Math.round(run.seconds)} s (${loadText(run.machine)})\n`,
  );
  console.log('| route | requests | p50 | p95 | p99 | errors |\n| --- | --- | --- | --- | --- | --- |');
  for (const r of [...run.routes, run.api])
    console.log(`| ${r.route} | ${r.requests} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} |`);
  console.log(
    `\norders placed ${o.placed}, delivered ${o.completed} (${o.recordsDelivered} records, the last ${Math.round(run.drainSeconds)} s after the run), ` +
      `failed ${o.failed}, unfinished ${o.unfinished}; missing files ${o.missingFiles}, extra files ${o.extraFiles}; ` +
      `credit drift ${o.creditDrift}, reservations still held ${o.heldReservations}; event-loop warnings ${run.blockedWarnings}`,
  );
  console.log(run.healthText);
  if (run.failures.length > 0)
    console.log(`failures (first ${run.failures.length}):\n${run.failures.join('\n')}`);
}

function printFault(run: Awaited<ReturnType<typeof faultRun>>): void {
  const o = run.outcome;
  console.log(`\n### ${run.dialect}: fault run (${loadText(run.machine)})\n`);
  console.log(
    `worker SIGKILLed ${run.kills} times (${run.duringFulfilment} while an order was processing)` +
      (run.droppedConnections >= 0 ? `; ${run.droppedConnections} PostgreSQL connections ended once` : '') +
      `; health after: ${run.healthAfter}`,
  );
  console.log(
    `orders placed ${o.placed}: delivered ${o.completed}, failed ${o.failed}, lost (unfinished) ${o.unfinished}; ` +
      `missing files ${o.missingFiles}, doubled or orphan files ${o.extraFiles}; credit drift ${o.creditDrift}, ` +
      `reservations still held ${o.heldReservations}; API calls ${run.api.requests}, errors ${run.api.errors}`,
  );
  if (run.failures.length > 0) console.log(`failures:\n${run.failures.join('\n')}`);
}

for (const dialect of DIALECTS) {
  if (!process.argv.includes('--skip-load')) {
    const run = await loadRun(dialect);
    fs.writeFileSync(path.join(DATA_DIR, `load-${dialect}-${USERS}.json`), JSON.stringify(run, null, 2));
    printLoad(run);
  }
  if (!process.argv.includes('--skip-fault')) {
    const run = await faultRun(dialect);
    fs.writeFileSync(path.join(DATA_DIR, `fault-${dialect}.json`), JSON.stringify(run, null, 2));
    printFault(run);
  }
}
