import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { insertCorpus } from '../../../../test/corpus-factories.ts';
import { makeOrdersCorpus, waitFor } from '../../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../../test/test-database.ts';
import { findOrderById } from '../../../db/repositories/orders/orders.repository.ts';
import { startOrderWorker } from '../../../jobs/order-worker.ts';
import { grantCredits } from '../../payments/ledger.service.ts';
import { toOrder } from '../orders.service.ts';

const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };

// docs/decisions/045-large-orders.md: large orders have a lane of their own.
describe(`a large order never holds the queue (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    // Each record written waits 3 ms: Alice's large order runs for seconds, Bob's 3 records take about 10 ms.
    t = await buildTestApp({ WORKER_RECORD_DELAY_MS: '3', LARGE_ORDER_PART_RECORDS: '200' });
    await insertCorpus(t.deps.db, makeOrdersCorpus({ posts: 1_200, comments: 1_200, prefix: 'Q' }));
    [alice, bob] = await Promise.all([signUpAndSignIn(t.app), signUpAndSignIn(t.app)]);
    const now = t.clock.now();
    const expiresAt = new Date(now.getTime() + 30 * 86_400_000);
    await grantCredits(t.deps.db, {
      userId: alice.user.id,
      credits: 10_000,
      source: 'admin',
      expiresAt,
      now,
    });
  });
  afterAll(() => t.close());

  const placeAs = async (user: TestSession, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: user.headers,
      payload: { filters: FILTERS, ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  it("serves another user's small order while a large one runs, and shows the large one's progress", async () => {
    const worker = startOrderWorker(t.deps, 'lanes');
    try {
      const largeId = await placeAs(alice, { size: 'large', result_count: 1_200, search_type: 'both' });
      const running = await waitFor(
        async () => {
          const row = await findOrderById(t.deps.db, largeId);
          return row && row.records_written > 0 && row.status === 'processing' ? row : undefined;
        },
        { what: "Alice's large order to write its first records" },
      );
      const smallId = await placeAs(bob, { result_count: 3 });
      await waitFor(async () => (await findOrderById(t.deps.db, smallId))?.status === 'completed', {
        what: "Bob's small order to complete",
      });
      const large = (await findOrderById(t.deps.db, largeId))!;
      expect(large.status).toBe('processing');
      const shown = toOrder(large);
      expect(shown.records_written).toBeGreaterThanOrEqual(running.records_written);
      expect(shown.records_written).toBeLessThan(1_200);
      expect(shown).toMatchObject({ size: 'large', compression: 'gzip' });
      await waitFor(async () => (await findOrderById(t.deps.db, largeId))?.eta_seconds != null, {
        what: 'an ETA',
      });
    } finally {
      await worker.stop({ graceMs: 0 });
    }
  });
});
