import { ORDER_MESSAGES } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { deferCorpusObjects } from '../db/repositories/corpus/ingest/corpus-bulk.repository.ts';
import { findOrderById } from '../db/repositories/orders/orders.repository.ts';
import { startOrderWorker } from '../jobs/order-worker.ts';
import { finishDeferredIndexes } from '../services/corpus/ingest/corpus-deferred.service.ts';
import { claimOrder, fulfilOrder } from '../services/orders/fulfilment.service.ts';

const FILTERS = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
};

// While a bulk ingest has the corpus's search indexes deferred (docs/decisions/027-bulk-ingest.md), searches would
// miss records: the dry run answers 503 corpus_bulk_loading, health says so, and orders wait in the queue.
describe(`a bulk load in progress (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;
  beforeAll(async () => {
    // One attempt only: an order the worker took back for the load must not be failed for it.
    t = await buildTestApp({ WORKER_MAX_ATTEMPTS: '1', WORKER_POLL_INTERVAL_MS: '20' });
    await t.deps.dryRuns.warmUp();
    await insertCorpus(t.deps.db, {
      posts: Array.from({ length: 6 }, (_, i) => makePost({ id: `bl${i}`, title: `python ${i}` })),
    });
    buyer = await signUpAndSignIn(t.app);
  });
  afterAll(() => t.close());

  const preview = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/search-queries/preview/',
      headers: buyer.headers,
      payload: { result_count: 10, filters: FILTERS },
    });
  const place = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: { result_count: 10, format_type: 'json', filters: FILTERS },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health/' })).json();
  const row = async (id: string) => (await findOrderById(t.deps.db, id))!;

  it('answers the dry run 503 corpus_bulk_loading and health "bulk loading" until the indexes are built', async () => {
    expect((await preview()).json()).toMatchObject({ matches: 6 });
    await deferCorpusObjects(t.deps.db, t.clock.now().toISOString());

    const refused = await preview();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 'corpus_bulk_loading', detail: ORDER_MESSAGES.corpusBulkLoading });
    expect(refused.headers['retry-after']).toBe('60');
    await expect.poll(async () => (await health()).corpus?.state).toBe('bulk loading');

    await finishDeferredIndexes(t.deps.db);
    const answered = await preview();
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ matches: 6 });
    expect((await health()).corpus.state).toBe('ready');
  });

  it('keeps orders queued meanwhile, gives back an order caught mid-search uncounted, then fulfils them', async () => {
    await deferCorpusObjects(t.deps.db, t.clock.now().toISOString());
    const queued = await place();
    const worker = startOrderWorker(t.deps, 'bulk-test-worker');
    try {
      await new Promise((r) => setTimeout(r, 300)); // about 15 polls
      expect(await row(queued)).toMatchObject({ status: 'pending', attempts: 0, error: null });
    } finally {
      await worker.stop();
    }

    // An order claimed just before the load began: its search is not trusted, and its attempt is given back.
    const caught = await claimOrder(t.deps, 'w1');
    expect(caught?.id).toBe(queued);
    await fulfilOrder(t.deps, caught!, 'w1');
    expect(await row(queued)).toMatchObject({
      status: 'pending',
      attempts: 0,
      error: 'The corpus is being bulk loaded; this order runs when the load finishes.',
    });

    await finishDeferredIndexes(t.deps.db);
    const done = startOrderWorker(t.deps, 'bulk-test-worker-2');
    try {
      await expect.poll(async () => (await row(queued)).status, { timeout: 10_000 }).toBe('completed');
    } finally {
      await done.stop();
    }
    expect(await row(queued)).toMatchObject({ records_delivered: 6, attempts: 1 });
  });
});
