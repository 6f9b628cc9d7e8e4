import { ADMIN_MESSAGES, WebhookEventSchema, type WebhookEvent } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPost, signUpAdmin } from '../../../test/admin-helpers.ts';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { purgeOrdersJob } from '../../jobs/purge-orders.job.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { claimOrder, fulfilOrder } from '../orders/fulfilment.service.ts';

const LEASE_MS = 60_000;
const RETRY_BASE_MS = 1_000;
const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };

describe(`order events: one per status change, in its transaction (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      WORKER_MAX_ATTEMPTS: '2',
      WORKER_RETRY_BASE_MS: String(RETRY_BASE_MS),
      WORKER_LEASE_MS: String(LEASE_MS),
    });
    await insertCorpus(t.deps.db, {
      posts: Array.from({ length: 4 }, (_, i) => makePost({ id: `ev${i}`, title: `python ${i}` })),
    });
  });
  afterAll(() => t.close());

  /** A user with one endpoint (the receiver is never called here: only the stored events matter). */
  async function userWithEndpoint(): Promise<TestSession> {
    const user = await signUpAndSignIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/',
      headers: user.headers,
      payload: { url: 'http://127.0.0.1:9/never-called' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return user;
  }
  async function place(user: TestSession): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: user.headers,
      payload: { result_count: 2, filters: FILTERS },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }
  const claim = async (workerId: string) => {
    const order = await claimOrder(t.deps, workerId);
    if (!order) throw new Error(`${workerId} found nothing to claim`);
    return order;
  };
  async function eventsOf(orderId: string): Promise<WebhookEvent[]> {
    const rows = await t.deps.db
      .selectFrom('outgoing_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const deliveries = await t.deps.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('event_id', 'in', rows.length > 0 ? rows.map((r) => r.id) : ['none'])
      .execute();
    // Each event has exactly one delivery for the user's one endpoint.
    expect(deliveries).toHaveLength(rows.length);
    return rows.map((r) => {
      expect(r.type).toBe(JSON.parse(r.payload).type);
      return WebhookEventSchema.parse(JSON.parse(r.payload));
    });
  }

  it('writes nothing for a failed attempt that will be retried, and one order.completed when the retry completes', async () => {
    const user = await userWithEndpoint();
    const id = await place(user);
    expect(await eventsOf(id)).toEqual([]);
    const broken: FileStorage = {
      ...t.deps.storage,
      commit: async () => {
        throw new Error('ENOSPC: no space left on device');
      },
    };
    await fulfilOrder({ ...t.deps, storage: broken }, await claim('w1'), 'w1');
    expect(await eventsOf(id)).toEqual([]);
    t.clock.advance(RETRY_BASE_MS);
    await fulfilOrder(t.deps, await claim('w2'), 'w2');
    const events = await eventsOf(id);
    expect(events.map((e) => e.type)).toEqual(['order.completed']);
    expect(events[0]).toMatchObject({ data: { order: { id, status: 'completed', records_delivered: 2 } } });
  });

  it('writes one order.completed when a worker that lost its lease tries to complete the order again', async () => {
    const user = await userWithEndpoint();
    const id = await place(user);
    const stale = await claim('slow');
    t.clock.advance(LEASE_MS + 1);
    const taken = await claim('fast');
    expect(taken.id).toBe(id);
    await fulfilOrder(t.deps, taken, 'fast');
    await fulfilOrder(t.deps, stale, 'slow');
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['order.completed']);
  });

  it('writes one order.failed after the last attempt, with the error the user sees', async () => {
    const user = await userWithEndpoint();
    const id = await place(user);
    await t.deps.db
      .updateTable('orders')
      .set({
        filters: JSON.stringify({ combinator: 'and', rules: [{ field: 'bogus', operator: '=', value: 1 }] }),
      })
      .where('id', '=', id)
      .execute();
    await fulfilOrder(t.deps, await claim('w1'), 'w1');
    expect(await eventsOf(id)).toEqual([]);
    t.clock.advance(RETRY_BASE_MS);
    await fulfilOrder(t.deps, await claim('w2'), 'w2');
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'order.failed',
      data: {
        order: {
          id,
          status: 'failed',
          error: 'The order could not be fulfilled after 2 attempts. No credits were charged.',
        },
        links: { download: null, manifest: null },
      },
    });
  });

  it("counts an operator's cancel as failed, and the operator's retry that completes as completed", async () => {
    const admin = await signUpAdmin(t);
    const user = await userWithEndpoint();
    const id = await place(user);
    const cancel = await adminPost(t, admin, `/api/admin/orders/${id}/cancel/`, { reason: 'user asked' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await eventsOf(id)).map((e) => [e.type, 'order' in e.data ? e.data.order.error : null])).toEqual([
      ['order.failed', ADMIN_MESSAGES.orderCancelled],
    ]);
    const retry = await adminPost(t, admin, `/api/admin/orders/${id}/retry/`, { reason: 'try again' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await eventsOf(id)).toHaveLength(1);
    await fulfilOrder(t.deps, await claim('w1'), 'w1');
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['order.failed', 'order.completed']);
  });

  it('writes no event for a user without endpoints', async () => {
    const user = await signUpAndSignIn(t.app);
    const id = await place(user);
    await fulfilOrder(t.deps, await claim('w1'), 'w1');
    const rows = await t.deps.db
      .selectFrom('outgoing_events')
      .select('id')
      .where('order_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('deletes events with their deliveries and log after the retention period (the daily orders.purge job)', async () => {
    const user = await userWithEndpoint();
    const id = await place(user);
    await fulfilOrder(t.deps, await claim('w1'), 'w1');
    expect(await eventsOf(id)).toHaveLength(1);
    t.clock.advance(t.deps.config.retentionDays * 86_400_000 - 60_000);
    await purgeOrdersJob.run(t.deps);
    expect(await eventsOf(id)).toHaveLength(1);
    t.clock.advance(120_000);
    await purgeOrdersJob.run(t.deps);
    expect(await eventsOf(id)).toEqual([]);
    for (const table of ['outgoing_events', 'webhook_deliveries', 'webhook_delivery_attempts'] as const) {
      expect(await t.deps.db.selectFrom(table).select('id').execute(), table).toEqual([]);
    }
  });
});
