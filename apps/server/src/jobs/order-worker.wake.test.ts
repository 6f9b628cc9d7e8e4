import { Writable } from 'node:stream';
import type { Order } from '@threadcart/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus } from '../../test/corpus-factories.ts';
import { makeOrdersCorpus, waitFor } from '../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { startOrderWorker } from './order-worker.ts';

/** A poll interval no test waits out: an order completes within it only if the worker was woken. */
const POLL_MS = 120_000;

describe(`the order worker, woken by the API and timing its steps (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let user: TestSession;

  beforeAll(async () => {
    t = await buildTestApp({ WORKER_POLL_INTERVAL_MS: String(POLL_MS) });
    await insertCorpus(t.deps.db, makeOrdersCorpus({ posts: 40, comments: 60 }));
    user = await signUpAndSignIn(t.app);
  });
  afterAll(() => t.close());

  it('claims an order placed while it sleeps at once, and logs the order steps at debug level', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    let claims = 0;
    const worker = startOrderWorker(
      {
        ...t.deps,
        logger: pino({ level: 'debug' }, sink),
        // claimOrder reads the clock once per poll: the count says when the first, empty, poll has run.
        clock: {
          now: () => {
            claims += 1;
            return t.clock.now();
          },
        },
      },
      'wake-test',
    );
    try {
      await waitFor(() => claims > 0, { what: 'the first poll' });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/search-queries/create/',
        headers: user.headers,
        payload: {
          title: 'woken',
          search_type: 'both',
          format_type: 'csv',
          result_count: 20,
          filters: {
            combinator: 'and',
            rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
          },
        },
      });
      expect(created.statusCode).toBe(201);
      const id = (created.json() as Order).id;
      const started = Date.now();
      await waitFor(
        async () => {
          const row = await t.deps.db
            .selectFrom('orders')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirst();
          return row?.status === 'completed';
        },
        { what: 'the order to complete', timeoutMs: 30_000 },
      );
      expect(Date.now() - started).toBeLessThan(POLL_MS / 4);
      const steps = await waitFor(() => lines.find((l) => l.msg === 'order steps' && l.orderId === id), {
        what: 'the steps line',
      });
      expect(steps).toMatchObject({ level: 20, records: 20, format: 'csv' });
      expect(Object.keys(steps.steps as object).sort()).toEqual(
        [
          'bulk_check',
          'complete_order',
          'completion',
          'delivered_records',
          'file',
          'progress',
          'search',
          'settle_credits',
          'snapshot',
          'storage_commit',
          'webhook_event',
        ].sort(),
      );
      expect(steps.totalMs).toEqual(expect.any(Number));
      expect(steps.queuedMs).toEqual(expect.any(Number));
    } finally {
      await worker.stop();
    }
  });
});
