// Scale: a 10,000,000-record generated corpus (2M posts, 8M comments) on SQLite and, with BENCH_DATABASE_URL, on
// PostgreSQL. Measures ingest (records/s against a plain JSON.parse pass), database size, the order search and the
// dry run (through the real API, its threads and its budget) for each query, and the API's health-check p99 idle
// and while four hostile dry runs run at once. Writes the "Scale" section of bench/RESULTS.md.
// Run: npm run bench:scale [-- --reuse] [--only sqlite|postgres]
//   --reuse        keep a database this bench built before (same corpus, same migrations) instead of ingesting again
//   --build-only   build (or reuse) the databases and stop: the queries are measured later by a run with --reuse
//   --health-only  with --reuse: measure only the API's health under hostile dry runs, keeping the saved queries
//   --indexed-searches-only  do not time the in-process order search of the literal-free queries (each reads every
//                  record, minutes at 10M); their dry runs are still measured
//   BENCH_SCALE_POSTS / BENCH_SCALE_COMMENTS   another size (defaults 2,000,000 / 8,000,000)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { SCALE_QUERIES } from './scale-queries.ts';
import {
  dryRun,
  measureHealth,
  orderCreateToCompleted,
  orderSteps,
  RESULT_COUNT,
  signIn,
  startServer,
  userIdOf,
} from './scale-api.ts';
import { grantCredits } from '../apps/server/src/services/payments/ledger.service.ts';
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
const INDEXED_SEARCHES_ONLY = argv.includes('--indexed-searches-only');
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const DRY_RUNS = 20;
/** Orders placed through the API per indexed query, by one user granted the credits in the database. */
const ORDER_RUNS = 5;
const log = (message: string) => console.log(`[bench:scale] ${message}`);
const loads: number[] = [os.loadavg()[0]!];

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
    await dryRun(server.base, await signIn(server.base), SCALE_QUERIES[0]!); // warm-up: threads, caches, plans
    // The orders' user: sign-up gives no credits before the e-mail is confirmed, so they are granted here.
    const buyer = await signIn(server.base);
    const now = new Date();
    await grantCredits(handle.db, {
      userId: await userIdOf(server.base, buyer),
      credits: SCALE_QUERIES.length * ORDER_RUNS * RESULT_COUNT,
      source: 'admin',
      expiresAt: new Date(now.getTime() + 86_400_000),
      now,
      note: 'bench:scale',
    });
    for (const query of SCALE_QUERIES) {
      // A user per query: one user's dry runs of a minute are limited (fast ones would be answered 429).
      const headers = await signIn(server.base);
      const request = {
        filters: parseFilterTreeWithRe2(query.filters),
        searchType: query.searchType,
        resultCount: RESULT_COUNT,
        sort: query.sort,
        sampleSeed: query.sampleSeed,
      };
      const isTimed = query.isIndexed || !INDEXED_SEARCHES_ONLY;
      const first = performance.now();
      let result = isTimed ? await searchCorpus(handle.db, request) : { posts: [], comments: [] };
      const firstMs = performance.now() - first;
      const searchMs: number[] = [];
      const runs = !isTimed ? 0 : firstMs > 60_000 ? 1 : firstMs > 10_000 ? 3 : 10;
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
      // Create → completed through the API and its worker (the literal-free orders read every record: not timed).
      const completedMs: number[] = [];
      const stepsFrom = orderSteps.length;
      for (let run = 0; query.isIndexed && run < ORDER_RUNS; run++)
        completedMs.push(await orderCreateToCompleted(server.base, buyer, query));
      // The worker logs an order's steps just after its commit: the last line may come after the poll saw it.
      for (let i = 0; i < 100 && orderSteps.length - stepsFrom < completedMs.length; i++)
        await new Promise((r) => setTimeout(r, 20));
      logSteps(`${label} ${query.name}`, orderSteps.slice(stepsFrom, stepsFrom + completedMs.length));
      const ids = [...result.posts.map((p) => `p${p.id}`), ...result.comments.map((c) => `c${c.id}`)].join(
        ',',
      );
      queries.push({
        searchMs,
        dryRunMs,
        completedMs,
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
          `create → completed p50 ${ms(percentile(completedMs, 50))} p95 ${ms(percentile(completedMs, 95))}; ` +
          `${last.matches_is_estimate ? '≈' : ''}${num(Number(last.matches))} matches`,
      );
    }
    const health = await measureHealth(label, server.base);
    loads.push(os.loadavg()[0]!);
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

/** The median of each step the worker logged for a query's orders (README, "Reading an order's steps"). */
function logSteps(name: string, lines: Record<string, unknown>[]): void {
  if (lines.length === 0) return;
  const names = [...new Set(lines.flatMap((l) => Object.keys(l.steps as object)))];
  const medianOf = (values: number[]) => ms(percentile(values, 50));
  const steps = names.map(
    (step) => `${step} ${medianOf(lines.map((l) => (l.steps as Record<string, number>)[step] ?? 0))}`,
  );
  log(
    `${name} order steps (median of ${lines.length}): queued ${medianOf(lines.map((l) => Number(l.queuedMs)))}, ` +
      `total ${medianOf(lines.map((l) => Number(l.totalMs)))}; ${steps.join(', ')}`,
  );
}

/** --health-only: the saved run of this database with its health measured again. */
async function remeasureHealth(label: string, url: string): Promise<void> {
  const saved = JSON.parse(fs.readFileSync(resultFile(label), 'utf8')) as SavedResult;
  const server = await startServer(url);
  try {
    const health = await measureHealth(label, server.base);
    loads.push(os.loadavg()[0]!);
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
      ? results[0]!.queries.every((q, i) => q.ids === results[1]!.queries[i]?.ids)
      : undefined;
  return [
    '## Scale',
    '',
    `\`npm run bench:scale\` on ${dates} (${os.cpus().length} cores, load average ` +
      `${runLoads.map((l) => l.toFixed(1)).join(' → ')} during the runs: the machine is shared): a generated corpus of ` +
      `${num(SPEC.posts)} posts and ${num(SPEC.comments)} comments. Order search: \`searchCorpus\` in process, ` +
      `${RESULT_COUNT} records, 10 runs after a first (3 when the first took over 10 s, 1 when over 60 s). Dry run: POST /api/search-queries/preview/ to the real API (its threads and its ` +
      `1 s budget), ${DRY_RUNS} runs after a warm-up; "matches" is what the last one answered (≈ an estimate and its ` +
      `95 % range). Create → completed: POST /api/search-queries/create/ (CSV, ${RESULT_COUNT} records, a new user each) ` +
      `to the real server and the worker it forks, polled every 20 ms until completed, ${ORDER_RUNS} orders per indexed ` +
      "query (the literal-free ones read every record and are not timed; the worker's step timings go to the log). Health: GET /api/health/ one after another, 10 s idle, then 15 s while four dry runs with " +
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
