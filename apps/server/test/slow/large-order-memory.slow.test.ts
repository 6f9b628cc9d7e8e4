// A large order's memory stays flat (docs/decisions/045-large-orders.md): LARGE_MEMORY_RECORDS records (1,000,000 by
// default; the bound is at 1M) are ordered as one NDJSON.gz file, and the peak RSS of the process while the
// worker walks, writes and compresses them may grow by at most 100 MiB over the RSS before it started. On the
// database the suite runs on (TEST_DATABASE_URL for PostgreSQL). Run: npx vitest run -c vitest.slow.config.ts
// test/slow/large-order-memory.slow.test.ts (with LARGE_MEMORY_RECORDS=200000 for a quicker run).
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../auth-helpers.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makePost, recountCorpusTotals } from '../corpus-factories.ts';
import { fulfilAll } from '../order-helpers.ts';
import { TEST_DIALECT } from '../test-database.ts';
import { findOrderById } from '../../src/db/repositories/orders/orders.repository.ts';
import { grantCredits } from '../../src/services/payments/ledger.service.ts';

const RECORDS = Number(process.env.LARGE_MEMORY_RECORDS ?? 1_000_000);
const MAX_GROWTH_BYTES = 100 * 1024 * 1024;
const FILLER = 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(8);
const INSERT_ROWS = 500;

const exposeGc = (): (() => void) => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
};

describe(`a ${RECORDS.toLocaleString('en-US')}-record large order keeps memory flat (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;

  beforeAll(async () => {
    t = await buildTestApp({ MAX_ORDER_RECORDS: String(RECORDS), LARGE_ORDER_PART_RECORDS: '50000' });
    for (let start = 0; start < RECORDS; start += INSERT_ROWS) {
      const rows = Array.from({ length: Math.min(INSERT_ROWS, RECORDS - start) }, (_, k) => {
        const i = start + k;
        return makePost({
          id: `m${i.toString(36)}`,
          title: `python post ${i}`,
          selftext: `${i} ${FILLER}`,
          score: i % 5000,
        });
      });
      await t.deps.db.insertInto('posts').values(rows).execute();
    }
    await recountCorpusTotals(t.deps.db);
    buyer = await signUpAndSignIn(t.app);
    const now = t.clock.now();
    const expiresAt = new Date(now.getTime() + 30 * 86_400_000);
    await grantCredits(t.deps.db, {
      userId: buyer.user.id,
      credits: RECORDS,
      source: 'admin',
      expiresAt,
      now,
    });
  }, 3_600_000);
  afterAll(() => t?.close());

  it('peak RSS grows by at most 100 MiB while the order is fulfilled', async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: {
        size: 'large',
        result_count: RECORDS,
        format_type: 'ndjson',
        filters: { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const gc = exposeGc();
    gc();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let peakHeap = 0;
    let peakExternal = 0;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peak = Math.max(peak, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      peakExternal = Math.max(peakExternal, usage.external);
    }, 20);
    const startedAt = Date.now();
    try {
      await fulfilAll(t.deps);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - startedAt) / 1000;
    const order = (await findOrderById(t.deps.db, placed.json<{ id: string }>().id))!;
    expect(order).toMatchObject({ status: 'completed', records_delivered: RECORDS });
    const growthMiB = (peak - baseline) / 1024 / 1024;
    gc();
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.info(
      `peak heap ${mib(peakHeap)} MiB, peak external ${mib(peakExternal)} MiB, ` +
        `RSS after a collection ${mib(process.memoryUsage().rss - baseline)} MiB over the baseline`,
    );
    console.info(
      `large order ${TEST_DIALECT}: ${RECORDS} records in ${seconds.toFixed(1)} s ` +
        `(${Math.round(RECORDS / seconds)} records/s), file ${(Number(order.file_size) / 1024 / 1024).toFixed(1)} MiB, ` +
        `peak RSS growth ${growthMiB.toFixed(1)} MiB`,
    );
    expect(peak - baseline).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
  });
});
