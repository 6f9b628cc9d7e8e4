import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../auth-helpers.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { insertCorpus, makePost } from '../corpus-factories.ts';
import { waitFor } from '../order-helpers.ts';
import {
  expectCompletedByReplacement,
  expectDeliveredOnce,
  killAll,
  placeKeywordOrder,
  startEntry,
  type EntryProcess,
} from '../process-helpers.ts';
import { TEST_DIALECT } from '../test-database.ts';
import { findOrderById } from '../../src/db/repositories/orders/orders.repository.ts';

// 240 "python" posts and 60 "rust" ones; at 40 ms a record, a python order takes ~10 s to write, a rust one ~2.5 s.
const POSTS = Array.from({ length: 300 }, (_, i) =>
  makePost({ id: `s${i.toString(36).padStart(3, '0')}`, title: i % 5 === 4 ? `rust ${i}` : `python ${i}` }),
);
const RECORD_DELAY_MS = '40';

describe(`a worker stopped by SIGTERM during an order (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const workers: EntryProcess[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    await insertCorpus(t.deps.db, { posts: POSTS });
  });
  afterAll(async () => {
    killAll(workers.map((w) => w.pid));
    await Promise.all(workers.map((w) => w.exited));
    await t.close();
  });

  // A long lease: the order can only come back quickly because the stopping worker handed it back.
  function startWorker(recordDelayMs: string): EntryProcess {
    const worker = startEntry(t, 'worker.ts', {
      WORKER_LEASE_MS: '60000',
      WORKER_RECORD_DELAY_MS: recordDelayMs,
    });
    workers.push(worker);
    return worker;
  }

  async function stopDuringOrder(orderId: string, worker: EntryProcess) {
    await waitFor(async () => (await findOrderById(t.deps.db, orderId))!.progress > 0, {
      timeoutMs: 30_000,
      what: `progress (${worker.output()})`,
    });
    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    return Date.now() - signalledAt;
  }

  it(
    'hands back an order it cannot finish in time; another worker delivers it once',
    { timeout: 60_000 },
    async () => {
      const buyer = await signUpAndSignIn(t.app);
      const orderId = await placeKeywordOrder(t, buyer, 'python', 300);
      const stopping = startWorker(RECORD_DELAY_MS);
      expect(await stopDuringOrder(orderId, stopping)).toBeLessThan(10_000);

      const handedBack = (await findOrderById(t.deps.db, orderId))!;
      expect(handedBack).toMatchObject({ status: 'pending', attempts: 1, lease_owner: null, file_key: null });

      const replacement = startWorker('0');
      await expectCompletedByReplacement(t, replacement, buyer, orderId, { matches: 240, resultCount: 300 });
    },
  );

  it('finishes an order that ends within the grace period before it exits', { timeout: 40_000 }, async () => {
    const buyer = await signUpAndSignIn(t.app);
    const orderId = await placeKeywordOrder(t, buyer, 'rust', 100);
    const stopping = startWorker(RECORD_DELAY_MS);
    expect(await stopDuringOrder(orderId, stopping)).toBeLessThan(10_000);
    const done = await expectDeliveredOnce(t, buyer, orderId, { matches: 60, resultCount: 100 });
    expect(done.attempts).toBe(1);
  });
});
