// bench:scale's side of the real API (bench/scale.ts): the server as a child process, a signed-in user, a dry run,
// and the API's health idle and under hostile dry runs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HOSTILE, rule, type ScaleQuery } from './scale-queries.ts';
import { ms, percentile } from './scale-report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULT_COUNT = 1000;
const log = (message: string) => console.log(`[bench:scale] ${message}`);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What the worker's `order steps` lines said (LOG_LEVEL=debug), in the order the orders completed. */
export const orderSteps: Record<string, unknown>[] = [];

/**
 * The real API over the bench database, as a child process, with the worker it forks (RUN_WORKER): orders are timed
 * from creation to completion, and the worker's `order steps` lines are kept in orderSteps.
 */
export async function startServer(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-scale-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: storage,
      RUN_WORKER: 'true',
      SAMPLE_CORPUS: 'off',
      // Every dry run measured is a real one, not an answer reused from the cache (decision 028).
      DRY_RUN_CACHE_MS: '0',
      // The bench measures the engine, not the limiter: 200 dry runs of the queries and the hostile loop would pass
      // the per-user and per-address limits of a minute (429 in a millisecond is no hostile dry run).
      RATE_LIMIT_PER_USER: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      // A user per query and per hostile loop: more sign-ups from 127.0.0.1 than the 10 of an hour a person gets.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000000',
      SIGNUPS_PER_NETWORK_PER_HOUR: '1000000',
      // A literal-free order search reads every record for minutes in process, and the orders' user signs in once:
      // the bench's sessions must outlive the whole run (an access token lasts 15 minutes; the bench does not refresh).
      ACCESS_TOKEN_TTL_SECONDS: String(6 * 3600),
      // debug: the worker's step timings of every order (README, "Reading an order's steps").
      LOG_LEVEL: 'debug',
      WEB_DIST_DIR: path.join(storage, 'no-web'),
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server's and the worker's log lines: order steps are kept, warnings and errors shown, the rest dropped.
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.msg === 'order steps') orderSteps.push(entry);
      else if (Number(entry.level) >= 40) console.log(line);
    } catch {
      console.log(line);
    }
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** Signs a bench user up and in: cookie and CSRF headers for unsafe requests. */
export async function signIn(base: string): Promise<Record<string, string>> {
  const username = `bench_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const password = 'Bench1234';
  const json = { 'content-type': 'application/json' };
  const signup = await fetch(`${base}/api/auth/signup/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password1: password,
      password2: password,
      name: username,
    }),
  });
  const login = await fetch(`${base}/api/auth/token/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password }),
  });
  // A bench whose users cannot sign in would measure 401s in a millisecond: it stops instead.
  if (!signup.ok || !login.ok)
    throw new Error(`bench sign-up/sign-in answered ${signup.status}/${login.status}: ${await login.text()}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = await fetch(`${base}/api/auth/csrf/`, { headers: { cookie: cookies.join('; ') } });
  cookies.push(...csrf.headers.getSetCookie().map((c) => c.split(';')[0]!));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { ...json, cookie: cookies.join('; '), 'x-csrftoken': csrfToken };
}

export async function dryRun(
  base: string,
  headers: Record<string, string>,
  query: Omit<ScaleQuery, 'name' | 'isIndexed'>,
) {
  const started = performance.now();
  const res = await fetch(`${base}/api/search-queries/preview/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      search_type: query.searchType,
      result_count: RESULT_COUNT,
      filters: query.filters,
    }),
  });
  const body = (await res.json()) as Record<string, number | boolean>;
  if (!res.ok) log(`a dry run answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body, isOk: res.ok };
}

/** The signed-in user's id (GET /api/users/me/). */
export async function userIdOf(base: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/api/users/me/`, { headers });
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/**
 * Places an order of the query for the user (who holds the credits: bench:scale grants them in the database) and
 * polls it every 20 ms until it completes: the milliseconds from POST create to the poll that saw it completed.
 */
export async function orderCreateToCompleted(
  base: string,
  headers: Record<string, string>,
  query: Omit<ScaleQuery, 'name' | 'isIndexed'>,
): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/search-queries/create/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'bench:scale',
      search_type: query.searchType,
      format_type: 'csv',
      result_count: RESULT_COUNT,
      filters: query.filters,
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.sampleSeed === undefined ? {} : { sample_seed: query.sampleSeed }),
    }),
  });
  const order = (await res.json()) as { id: string };
  if (res.status !== 201) throw new Error(`order create answered ${res.status}: ${JSON.stringify(order)}`);
  for (;;) {
    const poll = await fetch(`${base}/api/search-queries/${order.id}/`, { headers });
    const { status } = (await poll.json()) as { status: string };
    if (status === 'completed') return performance.now() - started;
    if (status === 'failed') throw new Error(`order ${order.id} failed`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** GET /api/health/ one after another for `seconds`: the latencies. */
async function healthLatencies(base: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    await (await fetch(`${base}/api/health/`)).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/**
 * GET /api/health/ idle, then while four hostile dry runs run at once, each sent again as soon as it is answered. Each
 * comes from a user of its own: one user's dry runs beyond two at once cancel the older ones (decision 028).
 */
export async function measureHealth(label: string, base: string) {
  const hostileHeaders = await Promise.all(HOSTILE.map(() => signIn(base)));
  const healthIdle = await healthLatencies(base, 10);
  let hostileDryRuns = 0;
  let hostileFailures = 0;
  let isHostile = true;
  const hostile = HOSTILE.map(async (pattern, i) => {
    const query = {
      searchType: 'both' as const,
      filters: { combinator: 'and', rules: [rule('regex', 'regex_matches', pattern)] },
    };
    while (isHostile) {
      const { isOk } = await dryRun(base, hostileHeaders[i]!, query);
      hostileDryRuns += 1;
      if (!isOk) hostileFailures += 1;
    }
  });
  await new Promise((r) => setTimeout(r, 500));
  const healthHostile = await healthLatencies(base, 15);
  isHostile = false;
  await Promise.all(hostile);
  log(
    `${label} health p99 idle ${ms(percentile(healthIdle, 99))}, under 4 hostile dry runs ${ms(percentile(healthHostile, 99))}` +
      ` (${hostileDryRuns} dry runs, ${hostileFailures} not 200)`,
  );
  return { healthIdle, healthHostile, hostileDryRuns, hostileFailures };
}
