import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FilterTree } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../auth-helpers.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { insertCorpus, makePost } from '../corpus-factories.ts';
import {
  downloadOrderFile,
  listStorage,
  parseOrderFile,
  reservationLedger,
  waitFor,
} from '../order-helpers.ts';
import { TEST_DIALECT } from '../test-database.ts';
import { evaluateSearch } from '../../src/corpus/reference/evaluate.ts';
import { sumLedgerAndLots } from '../../src/db/repositories/payments/credits.repository.ts';
import { findOrderById } from '../../src/db/repositories/orders/orders.repository.ts';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER_ENTRY = path.join(SERVER_ROOT, 'src/worker.ts');
const POSTS = Array.from({ length: 1200 }, (_, i) =>
  makePost({
    id: `k${i.toString(36).padStart(3, '0')}`,
    title: i % 4 === 3 ? `rust record ${i}` : `python record ${i}, "quoted"`,
    selftext: `=line one\r\nline two of ${i}`,
    score: i % 450,
  }),
);
const MATCHES = 900;
const RESULT_COUNT = 1000;

interface Worker {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe(`a worker killed mid-file (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;
  const workers: Worker[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUpAndSignIn(t.app);
    await insertCorpus(t.deps.db, { posts: POSTS });
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await t.close();
  });

  /** `node --import tsx src/worker.ts` on the test database and storage, as production runs it. */
  function startWorker(recordDelayMs: number): Worker {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.database.url,
      STORAGE_DIR: t.deps.config.storage.dir,
      SAMPLE_CORPUS: 'off',
      WORKER_LEASE_MS: '1500',
      WORKER_POLL_INTERVAL_MS: '100',
      WORKER_RECORD_DELAY_MS: String(recordDelayMs),
      LOG_LEVEL: 'warn',
    };
    if (t.database.schema) env.DATABASE_SCHEMA = t.database.schema;
    else delete env.DATABASE_SCHEMA;
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], { cwd: SERVER_ROOT, env });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const worker = { child, output: () => output, exited };
    workers.push(worker);
    return worker;
  }

  it('is replaced by another worker that completes the order exactly once', { timeout: 60_000 }, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: {
        title: 'Large order',
        format_type: 'xlsx',
        result_count: RESULT_COUNT,
        filters: { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] },
      },
    });
    expect(res.statusCode).toBe(201);
    const orderId: string = res.json().id;
    const row = () => findOrderById(t.deps.db, orderId).then((r) => r!);

    // 900 records at 4 ms each: several seconds of writing, so the kill lands mid-file.
    const doomed = startWorker(4);
    await waitFor(async () => (await row()).progress > 0, {
      timeoutMs: 30_000,
      what: `progress (${doomed.output()})`,
    });
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const killed = await row();
    expect(killed).toMatchObject({ status: 'processing', attempts: 1, file_key: null });
    expect(killed.progress).toBeLessThan(100);
    expect(listStorage(t.deps.config.storage.dir)).toMatchObject({
      files: [],
      temps: [expect.stringMatching(/\.part$/)],
    });

    // Two replacements race for the order once its lease runs out; only one may deliver it.
    const replacements = [startWorker(0), startWorker(0)];
    await waitFor(async () => (await row()).status === 'completed', {
      timeoutMs: 40_000,
      what: `completion (${replacements.map((w) => w.output()).join('\n')})`,
    });
    replacements.forEach((w) => w.child.kill('SIGTERM'));
    // A started worker stops cleanly; one still loading its modules (slow machines) is ended by the signal itself.
    for (const worker of replacements)
      expect([
        { code: 0, signal: null },
        { code: null, signal: 'SIGTERM' },
      ]).toContainEqual(await worker.exited);

    const done = await row();
    expect(done).toMatchObject({
      status: 'completed',
      records_delivered: MATCHES,
      credits_charged: MATCHES,
      file_key: `${orderId}-${done.attempts}.xlsx`,
      lease_owner: null,
    });
    // Usually attempt 2; on a loaded machine a replacement may lose its lease once more. Either way: one delivery.
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(listStorage(t.deps.config.storage.dir)).toEqual({
      files: [`${orderId}-${done.attempts}.xlsx`],
      temps: [],
    });

    const file = await downloadOrderFile(t.app, buyer.headers, orderId);
    const parsed = await parseOrderFile('xlsx', 'posts', file.body);
    const expected = evaluateSearch(
      { posts: POSTS, comments: [] },
      { filters: JSON.parse(done.filters) as FilterTree, searchType: 'posts', resultCount: RESULT_COUNT },
    );
    expect(parsed.posts.map((p) => p.id)).toEqual(expected.posts.map((p) => p.id));
    expect(parsed.posts[0]).toMatchObject({ selftext: expected.posts[0]!.selftext.replace('\r\n', '\n') });

    const ledger = await reservationLedger(t.deps.db, buyer.user.id, done.reservation_id);
    expect(ledger).toMatchObject({
      reserveEntries: 1,
      reserved: RESULT_COUNT,
      releaseEntries: 1,
      released: RESULT_COUNT - MATCHES,
    });
    expect(ledger.reservation).toMatchObject({ status: 'settled', creditsUsed: MATCHES });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: buyer.headers });
    expect(me.json().user.credits).toBe(1000 - MATCHES);
    const sums = await sumLedgerAndLots(t.deps.db, buyer.user.id);
    expect(sums).toEqual({ ledger: 1000 - MATCHES, lots: 1000 - MATCHES });
  });
});
