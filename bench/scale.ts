// Scale: a 10,000,000-record generated corpus (2M posts, 8M comments) on SQLite and, with BENCH_DATABASE_URL, on
// PostgreSQL. Measures ingest (records/s against a plain JSON.parse pass), database size, the order search and the
// dry run (through the real API, its threads and its budget) for each query, and the API's health-check p99 idle
// and while four hostile dry runs run at once. Writes the "Scale" section of bench/RESULTS.md.
// Run: npm run bench:scale [-- --reuse] [--only sqlite|postgres]
//   --reuse        keep a database this bench built before (same corpus, same migrations) instead of ingesting again
//   --build-only   build (or reuse) the databases and stop: the queries are measured later by a run with --reuse
//   --health-only  with --reuse: measure only the API's health under hostile dry runs, keeping the saved queries
//   BENCH_SCALE_POSTS / BENCH_SCALE_COMMENTS   another size (defaults 2,000,000 / 8,000,000)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { searchCorpus } from '../apps/server/src/services/corpus/search/corpus-search.service.ts';
import { parseFilterTreeWithRe2 } from '../apps/server/src/corpus/filters/parse-filter-tree.ts';
import {
  BENCH_DATA,
  buildBenchCorpus,
  ensureBenchFiles,
  measureJsonParse,
  type IngestBenchResult,
} from './corpus-ingest.ts';
import { HOSTILE, rule, SCALE_QUERIES, type ScaleQuery } from './scale-queries.ts';
import { writeResultsSection } from './results-file.ts';
import {
  bulkNote,
  ms,
  num,
  percentile,
  table,
  type DialectResult,
  type QueryResult,
} from './scale-report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SPEC = {
  posts: Number(process.env.BENCH_SCALE_POSTS ?? 2_000_000),
  comments: Number(process.env.BENCH_SCALE_COMMENTS ?? 8_000_000),
  seed: 7,
};
const NAME = `corpus-${Math.round((SPEC.posts + SPEC.comments) / 1e6)}m`;
const PG_URL = process.env.BENCH_DATABASE_URL;
const argv = process.argv.slice(2);
const REUSE = argv.includes('--reuse');
const BUILD_ONLY = argv.includes('--build-only');
const HEALTH_ONLY = argv.includes('--health-only');
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const DRY_RUNS = 20;
const RESULT_COUNT = 1000;
const log = (message: string) => console.log(`[bench:scale] ${message}`);
const loads: number[] = [os.loadavg()[0]!];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The real API (no worker) over the bench database, as a child process. */
async function startServer(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
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
      RUN_WORKER: 'false',
      SAMPLE_CORPUS: 'off',
      // Every dry run measured is a real one, not an answer reused from the cache (decision 028).
      DRY_RUN_CACHE_MS: '0',
      // The bench measures the engine, not the limiter: 200 dry runs of the queries and the hostile loop would pass
      // the per-user and per-address limits of a minute (429 in a millisecond is no hostile dry run).
      RATE_LIMIT_PER_USER: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(storage, 'no-web'),
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
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
async function signIn(base: string): Promise<Record<string, string>> {
  const username = `bench_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const password = 'Bench1234';
  const json = { 'content-type': 'application/json' };
  await fetch(`${base}/api/auth/signup/`, {
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
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = await fetch(`${base}/api/auth/csrf/`, { headers: { cookie: cookies.join('; ') } });
  cookies.push(...csrf.headers.getSetCookie().map((c) => c.split(';')[0]!));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { ...json, cookie: cookies.join('; '), 'x-csrftoken': csrfToken };
}

async function dryRun(
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

async function measureDialect(
  label: string,
  url: string,
  ingest: IngestBenchResult | undefined,
  note: string,
) {
  const handle = createDatabase(url);
  const sizeBytes =
    handle.dialect === 'sqlite'
      ? ['', '-wal'].reduce(
          (n, s) => n + (fs.existsSync(url.slice(7) + s) ? fs.statSync(url.slice(7) + s).size : 0),
          0,
        )
      : Number(
          (await sql<{ n: number }>`select pg_database_size(current_database()) as n`.execute(handle.db))
            .rows[0]!.n,
        );
  const server = await startServer(url);
  const queries: QueryResult[] = [];
  try {
    const headers = await signIn(server.base);
    await dryRun(server.base, headers, SCALE_QUERIES[0]!); // warm-up: threads, caches, plans
    for (const query of SCALE_QUERIES) {
      const request = {
        filters: parseFilterTreeWithRe2(query.filters),
        searchType: query.searchType,
        resultCount: RESULT_COUNT,
      };
      const first = performance.now();
      let result = await searchCorpus(handle.db, request);
      const firstMs = performance.now() - first;
      const searchMs: number[] = [];
      const runs = firstMs > 60_000 ? 1 : firstMs > 10_000 ? 3 : 10;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        result = await searchCorpus(handle.db, request);
        searchMs.push(performance.now() - started);
      }
      const dryRunMs: number[] = [];
      let last: Record<string, number | boolean> = {};
      let failures = 0;
      for (let run = 0; run < DRY_RUNS; run++) {
        const { ms: elapsed, body, isOk } = await dryRun(server.base, headers, query);
        dryRunMs.push(elapsed);
        if (isOk) last = body;
        else failures += 1;
      }
      const ids = [...result.posts.map((p) => `p${p.id}`), ...result.comments.map((c) => `c${c.id}`)].join(
        ',',
      );
      queries.push({
        searchMs,
        dryRunMs,
        matches: Number(last.matches),
        isExact: last.matches_is_estimate === false && last.matches_capped === false,
        low: Number(last.matches_low),
        high: Number(last.matches_high),
        ids,
        failures,
      });
      log(
        `${label} ${query.name}: search p50 ${ms(percentile(searchMs, 50))} p95 ${ms(percentile(searchMs, 95))}; ` +
          `dry run p50 ${ms(percentile(dryRunMs, 50))} p95 ${ms(percentile(dryRunMs, 95))}; ` +
          `${last.matches_is_estimate ? '≈' : ''}${num(Number(last.matches))} matches`,
      );
    }
    const health = await measureHealth(label, server.base);
    return {
      label,
      ingest,
      ingestNote: note,
      sizeBytes,
      queries,
      ...health,
    };
  } finally {
    server.child.kill('SIGTERM');
    await handle.close();
  }
}

/**
 * GET /api/health/ idle, then while four hostile dry runs run at once, each sent again as soon as it is answered. Each
 * comes from a user of its own: one user's dry runs beyond two at once cancel the older ones (decision 028).
 */
async function measureHealth(label: string, base: string) {
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
  loads.push(os.loadavg()[0]!);
  log(
    `${label} health p99 idle ${ms(percentile(healthIdle, 99))}, under 4 hostile dry runs ${ms(percentile(healthHostile, 99))}` +
      ` (${hostileDryRuns} dry runs, ${hostileFailures} not 200)`,
  );
  return { healthIdle, healthHostile, hostileDryRuns, hostileFailures };
}

/** --health-only: the saved run of this database with its health measured again. */
async function remeasureHealth(label: string, url: string): Promise<void> {
  const saved = JSON.parse(fs.readFileSync(resultFile(label), 'utf8')) as SavedResult;
  const server = await startServer(url);
  try {
    const health = await measureHealth(label, server.base);
    const result = { ...saved.result, ...health };
    fs.writeFileSync(
      resultFile(label),
      JSON.stringify({ ...saved, loads: [...saved.loads, ...loads], result }),
    );
  } finally {
    server.child.kill('SIGTERM');
  }
}

/** A database this bench built, kept with what was measured while building it (for --reuse). */
function manifestFile(label: string) {
  return path.join(BENCH_DATA, `scale-${label.toLowerCase()}.json`);
}
// The corpus a database holds; a reused database is brought to the current migrations when the server starts.
const buildKey = () => JSON.stringify({ spec: SPEC });
const resultFile = (label: string) => path.join(BENCH_DATA, `scale-${label.toLowerCase()}.result.json`);

/** What one database's run measured, kept so that the databases may be run apart (`--only`) and shown together. */
interface SavedResult {
  readonly key: string;
  readonly at: string;
  readonly loads: number[];
  readonly parsePerSecond: number;
  readonly result: DialectResult;
}

async function prepareDialect(
  label: 'SQLite' | 'PostgreSQL',
  files: string[],
): Promise<{ url: string; ingest: IngestBenchResult | undefined; note: string }> {
  const url = label === 'SQLite' ? `sqlite:${path.join(BENCH_DATA, `${NAME}.db`)}` : PG_URL!;
  if (label === 'PostgreSQL') await ensureDatabase(url);
  const manifest = manifestFile(label);
  if (REUSE && fs.existsSync(manifest)) {
    const kept = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
      key: string;
      ingest: IngestBenchResult;
      at: string;
    };
    if (kept.key === buildKey()) {
      log(`${label}: reusing the database built ${kept.at}`);
      return { url, ingest: kept.ingest, note: `built ${kept.at.slice(0, 10)}${bulkNote(kept.ingest)}` };
    }
  }
  const built = await buildBenchCorpus({
    dialect: label === 'SQLite' ? 'sqlite' : 'postgres',
    url,
    runs: 1,
    files,
    // Indexes deferred and built after the load: the GIN / FTS5 upkeep row by row is what slows a 10M load.
    bulk: true,
    sqliteFile: url.startsWith('sqlite:') ? url.slice(7) : undefined,
  });
  if (label === 'PostgreSQL') {
    // What autovacuum does soon after a load: clean the GIN pending lists and the visibility map.
    const handle = createDatabase(url);
    const started = performance.now();
    await sql`vacuum analyze posts, comments`.execute(handle.db);
    log(`PostgreSQL vacuum analyze after the load: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await handle.close();
  }
  fs.writeFileSync(
    manifest,
    JSON.stringify({ key: buildKey(), ingest: built.ingest, at: new Date().toISOString() }),
  );
  return { url, ingest: built.ingest, note: `this run${bulkNote(built.ingest)}` };
}

/** Creates the bench's PostgreSQL database when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

async function main(): Promise<void> {
  const files = await ensureBenchFiles(SPEC, NAME);
  const parsePerSecond = await measureJsonParse(files);
  log(`JSON.parse alone: ${num(parsePerSecond)} records/s`);
  const labels = (['SQLite', 'PostgreSQL'] as const).filter(
    (label) =>
      (!ONLY || label.toLowerCase().startsWith(ONLY.toLowerCase())) && (label === 'SQLite' || PG_URL),
  );
  for (const label of labels) {
    const prepared = await prepareDialect(label, files);
    if (BUILD_ONLY) continue;
    if (HEALTH_ONLY) {
      await remeasureHealth(label, prepared.url);
      writeResultsSection('Scale', section(parsePerSecond));
      continue;
    }
    const result = await measureDialect(label, prepared.url, prepared.ingest, prepared.note);
    const saved: SavedResult = {
      key: buildKey(),
      at: new Date().toISOString(),
      loads,
      parsePerSecond,
      result,
    };
    fs.writeFileSync(resultFile(label), JSON.stringify(saved));
    const text = section(parsePerSecond);
    console.log(`\n${text}`);
    writeResultsSection('Scale', text);
  }
}

/** The Scale section from every database's latest saved run of this corpus. */
function section(parsePerSecond: number): string {
  const saved = (['SQLite', 'PostgreSQL'] as const)
    .map((label) => resultFile(label))
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as SavedResult)
    .filter((run) => run.key === buildKey());
  const results = saved.map((run) => run.result);
  const runLoads = saved.flatMap((run) => run.loads);
  const dates = [...new Set(saved.map((run) => run.at.slice(0, 10)))].join(', ');
  const same =
    results.length === 2
      ? results[0]!.queries.every((q, i) => q.ids === results[1]!.queries[i]!.ids)
      : undefined;
  return [
    '## Scale',
    '',
    `\`npm run bench:scale\` on ${dates} (${os.cpus().length} cores, load average ` +
      `${runLoads.map((l) => l.toFixed(1)).join(' → ')} during the runs: the machine is shared): a generated corpus of ` +
      `${num(SPEC.posts)} posts and ${num(SPEC.comments)} comments. Order search: \`searchCorpus\` in process, ` +
      `${RESULT_COUNT} records, 10 runs after a first (3 when the first took over 10 s, 1 when over 60 s). Dry run: POST /api/search-queries/preview/ to the real API (its threads and its ` +
      `1 s budget), ${DRY_RUNS} runs after a warm-up; "matches" is what the last one answered (≈ an estimate and its ` +
      '95 % range). Health: GET /api/health/ one after another, 10 s idle, then 15 s while four dry runs with ' +
      'literal-free patterns RE2 runs slowly are answered and re-sent in a loop.',
    '',
    ...table(results, parsePerSecond),
    '',
    same === undefined
      ? `${results[0]?.label === 'PostgreSQL' ? 'SQLite' : 'PostgreSQL'}: no run of this corpus saved yet.`
      : `Both databases returned ${same ? 'the same records in the same order' : 'DIFFERENT records'} for every order search.`,
    '',
  ].join('\n');
}

await main();
