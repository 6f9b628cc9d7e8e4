// The scan lane (issue 28 item 4, docs/decisions/038-scan-lane-and-budget.md): over the 120k-record sample corpus,
// user A queues full-scan orders (a regex with no literal of 3+ characters that matches nothing, so no index narrows
// it), then user B places a small indexed order; printed: how long one of A's scans takes, how long B's order takes
// from placement to completed beside A's queue, and the longest stall of the worker's event loop meanwhile.
// Run: cd apps/server && npx tsx ../../bench/scan-lane.ts [--scans 5] [--runs 3]   (SQLite; TEST_DATABASE_URL for PostgreSQL)
import type { Order } from '@threadcart/contracts';
import { signUpAndSignIn, type TestSession } from '../apps/server/test/auth-helpers.ts';
import { buildTestApp } from '../apps/server/test/build-test-app.ts';
import { findOrderById } from '../apps/server/src/db/repositories/orders/orders.repository.ts';
import { startOrderWorker } from '../apps/server/src/jobs/order-worker.ts';
import { ensureSampleCorpus } from '../apps/server/src/services/corpus/ingest/sample-corpus.service.ts';
import { log, median } from './orders-support.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SCANS = arg('scans', 5);
const RUNS = arg('runs', 3);
const ZERO_MATCH = {
  combinator: 'and',
  rules: [{ field: 'regex', operator: 'regex_matches', value: '[0-9]{9}qz?' }],
};
const INDEXED = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
};

const t = await buildTestApp({ SAMPLE_CORPUS: 'auto', WORKER_POLL_INTERVAL_MS: '20' });
let started = Date.now();
await ensureSampleCorpus(t.deps);
log(`sample corpus loaded in ${Math.round((Date.now() - started) / 1000)} s`);

const place = async (user: TestSession, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search-queries/create/',
    headers: user.headers,
    payload: { format_type: 'json', result_count: 10, ...payload },
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<Order>().id;
};
const statusOf = async (id: string) => (await findOrderById(t.deps.db, id))!.status;
const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
};

const worker = startOrderWorker(t.deps, 'bench');
let maxGap = 0;
let last = Date.now();
const ticker = setInterval(() => {
  const now = Date.now();
  maxGap = Math.max(maxGap, now - last - 10);
  last = now;
}, 10);

const scanTimes: number[] = [];
const waits: number[] = [];
const gaps: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const [alice, bob] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
  const scans: string[] = [];
  for (let i = 0; i < SCANS; i++)
    scans.push(await place(alice, { search_type: 'both', filters: ZERO_MATCH }));
  started = Date.now();
  await until(async () => (await statusOf(scans[0]!)) === 'processing');
  maxGap = 0;
  const placedAt = Date.now();
  const indexed = await place(bob, { search_type: 'posts', filters: INDEXED });
  await until(async () => (await statusOf(indexed)) === 'completed');
  waits.push(Date.now() - placedAt);
  gaps.push(maxGap);
  await until(async () => (await statusOf(scans[0]!)) === 'completed');
  scanTimes.push(Date.now() - started);
  const behind = (await Promise.all(scans.map(statusOf))).filter((s) => s !== 'completed').length;
  log(
    `run ${run + 1}: B's indexed order ${waits.at(-1)} ms (A's scans still queued or running: ${behind}); ` +
      `A's first scan ${scanTimes.at(-1)} ms; longest event-loop stall ${gaps.at(-1)} ms`,
  );
  await until(async () => (await Promise.all(scans.map(statusOf))).every((s) => s === 'completed'));
}
clearInterval(ticker);
log(
  `median of ${RUNS}: B's indexed order ${median(waits)} ms beside ${SCANS} queued scans; one full scan ` +
    `${median(scanTimes)} ms; longest event-loop stall ${median(gaps)} ms`,
);
await worker.stop();
await t.close();
