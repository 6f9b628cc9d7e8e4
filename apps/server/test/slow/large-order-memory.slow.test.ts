// A large order's memory stays flat (docs/decisions/045-large-orders.md): LARGE_MEMORY_RECORDS records (1,000,000 by
// default; the bound is at 1M) are ordered as one NDJSON.gz file, and the live set (heap, external and array
// buffers after a full collection, sampled each second) may grow by at most 100 MiB while the worker walks, writes
// and compresses them; the peak RSS growth is printed beside it. On the
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
// LARGE_MEMORY_GC=0: no collection forced during the run (the raw RSS as a worker would see it; the live set unmeasured).
const FORCED_GC = process.env.LARGE_MEMORY_GC !== '0';

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

  it('the live set grows by at most 100 MiB while the order is fulfilled (peak RSS reported)', async () => {
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
    const live = () => {
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.external + usage.arrayBuffers;
    };
    const liveBefore = live();
    let peak = baseline;
    let peakLive = liveBefore;
    let ticks = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
      // Every second, the live set after a full collection: what the order holds, without V8's uncollected garbage.
      ticks += 1;
      if (FORCED_GC && ticks % 50 === 0) {
        gc();
        peakLive = Math.max(peakLive, live());
      }
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
    const liveGrowthMiB = (peakLive - liveBefore) / 1024 / 1024;
    console.info(
      `large order ${TEST_DIALECT}: ${RECORDS} records in ${seconds.toFixed(1)} s ` +
        `(${Math.round(RECORDS / seconds)} records/s), file ${(Number(order.file_size) / 1024 / 1024).toFixed(1)} MiB, ` +
        `peak RSS growth ${growthMiB.toFixed(1)} MiB, live set growth ${liveGrowthMiB.toFixed(1)} MiB`,
    );
    // The bound holds on the live set. The raw RSS peak is reported, not bounded: it is mostly garbage V8 has not
    // collected yet (196 MiB at 200,000 records without forced collections, 103 MiB with one a second, while the
    // live set grew 0-8 MiB; docs/decisions/045-large-orders.md).
    if (FORCED_GC) expect(peakLive - liveBefore).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
  });
});
