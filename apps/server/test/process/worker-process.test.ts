import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../auth-helpers.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { insertCorpus, makePost } from '../corpus-factories.ts';
import { waitFor } from '../order-helpers.ts';
import {
  killParentExpectWorkerGone,
  expectCompletedByReplacement,
  killAll,
  placeKeywordOrder,
  startEntry,
  type EntryProcess,
} from '../process-helpers.ts';
import { TEST_DIALECT } from '../test-database.ts';
import { findOrderById } from '../../src/db/repositories/orders/orders.repository.ts';

// 200 matching posts at 40 ms a record: about 8 s of writing, so the server dies while its worker is mid-file.
const POSTS = Array.from({ length: 200 }, (_, i) =>
  makePost({ id: `p${i.toString(36)}`, title: `python ${i}` }),
);

describe(`the server's worker outlives no server (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const started: EntryProcess[] = [];
  const workerPids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    await insertCorpus(t.deps.db, { posts: POSTS });
  });
  afterAll(async () => {
    killAll([...started.map((p) => p.pid), ...workerPids]);
    await Promise.all(started.map((p) => p.exited));
    await t.close();
  });

  it(
    'SIGKILL of the server: its worker hands the order back and is gone within 5 s',
    { timeout: 60_000 },
    async () => {
      const buyer = await signUpAndSignIn(t.app);
      const orderId = await placeKeywordOrder(t, buyer, 'python', 250);
      // A lease far longer than the test: the order comes back only because the orphaned worker handed it back.
      const server = startEntry(t, 'main.ts', {
        RUN_WORKER: 'true',
        WORKER_LEASE_MS: '60000',
        WORKER_RECORD_DELAY_MS: '40',
      });
      started.push(server);
      await waitFor(async () => (await findOrderById(t.deps.db, orderId))!.progress > 0, {
        timeoutMs: 30_000,
        what: `progress (${server.output()})`,
      });
      await killParentExpectWorkerGone(server, workerPids);
      expect(await findOrderById(t.deps.db, orderId)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lease_owner: null,
        file_key: null,
      });

      const replacement = startEntry(t, 'worker.ts', { WORKER_LEASE_MS: '60000' });
      started.push(replacement);
      await expectCompletedByReplacement(t, replacement, buyer, orderId, { matches: 200, resultCount: 250 });
    },
  );
});
