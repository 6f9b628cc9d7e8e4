import {
  WEBHOOK_MESSAGES,
  WebhookEventSchema,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
} from '@threadcart/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createApiKey,
  signIn,
  deleteAccountThroughApi,
  signUpAndSignIn,
  type TestSession,
} from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import {
  startWebhookReceiver,
  verifyThreadcartSignature,
  type WebhookReceiver,
} from '../../../test/webhook-receiver.ts';
import { createDatabase } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { deliverWebhooksJob } from '../../jobs/deliver-webhooks.job.ts';
import { PERIODIC_JOBS } from '../../jobs/registry.ts';
import { claimOrder, fulfilOrder } from '../orders/fulfilment.service.ts';
import { deliverDueWebhooks, webhookRetryDelayMs } from './webhook-delivery.service.ts';

const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe(`webhook delivery: signing, retries, refusals (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let user: TestSession;
  /** API-key headers of `user`: the session's cookie expires as the tests move the clock by hours. */
  let userKey: Record<string, string>;
  let endpoint: CreatedWebhookEndpoint;

  beforeAll(async () => {
    t = await buildTestApp({ WEBHOOK_TIMEOUT_MS: '400' });
    receiver = await startWebhookReceiver();
    await insertCorpus(t.deps.db, {
      posts: Array.from({ length: 5 }, (_, i) => makePost({ id: `wh${i}`, title: `python ${i}`, score: i })),
    });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    // Each test starts with no delivery due and nothing queued, so an earlier test's retries cannot interfere.
    await t.deps.db.deleteFrom('outgoing_events').execute();
    receiver.reset();
    user = await signUpAndSignIn(t.app);
    userKey = (await createApiKey(t.app, user)).headers;
    endpoint = await addEndpoint(user, receiver.url(`/u/${user.user.id}`));
  });

  async function addEndpoint(session: TestSession, url: string): Promise<CreatedWebhookEndpoint> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/',
      headers: session.headers,
      payload: { url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CreatedWebhookEndpoint;
  }
  async function completeAnOrder(): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: userKey,
      payload: { result_count: 3, filters: FILTERS },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await claimOrder(t.deps, 'order-worker');
    expect(order?.id).toBe(res.json().id);
    await fulfilOrder(t.deps, order!, 'order-worker');
    return order!.id;
  }
  const mine = () => receiver.received.filter((r) => r.path === `/u/${user.user.id}`);
  const deliver = (deps: Deps = t.deps, workerId = 'hooks-1') => deliverDueWebhooks(deps, workerId);
  async function log(id = endpoint.id): Promise<WebhookDelivery[]> {
    // Webhooks are managed from a browser session only (issue 28): a fresh one, as the clock has moved.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${id}/deliveries/`,
      headers: (await signIn(t.app, user.username)).headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().deliveries as WebhookDelivery[];
  }
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  it('sends order.completed, signed so that a receiver verifies it, with the order and its links', async () => {
    const orderId = await completeAnOrder();
    // The worker's periodic job is what delivers it.
    expect(PERIODIC_JOBS).toContain(deliverWebhooksJob);
    await deliverWebhooksJob.run(t.deps);
    const [request] = mine();
    expect(request).toBeDefined();
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^Threadcart-Webhooks\//);
    const check = verifyThreadcartSignature({
      header: request!.headers['threadcart-signature'] as string,
      rawBody: request!.body,
      secret: endpoint.secret,
      nowSeconds: nowSeconds(),
      toleranceSeconds: 300,
    });
    expect(check).toEqual({ ok: true, timestamp: nowSeconds() });
    // A tampered body, another secret or a replay past the tolerance do not verify.
    const header = request!.headers['threadcart-signature'] as string;
    const base = { header, rawBody: request!.body, secret: endpoint.secret, toleranceSeconds: 300 };
    expect(
      verifyThreadcartSignature({
        ...base,
        rawBody: request!.body.replace('python', 'pyth0n'),
        nowSeconds: nowSeconds(),
      }).ok,
    ).toBe(false);
    expect(verifyThreadcartSignature({ ...base, secret: 'whsec_other', nowSeconds: nowSeconds() }).ok).toBe(
      false,
    );
    expect(verifyThreadcartSignature({ ...base, nowSeconds: nowSeconds() + 301 })).toEqual({
      ok: false,
      reason: 'timestamp outside the tolerance',
    });

    const event = WebhookEventSchema.parse(JSON.parse(request!.body));
    if (event.type === 'webhook.test') throw new Error('expected an order event');
    expect(request!.headers['threadcart-event-id']).toBe(event.id);
    expect(event).toMatchObject({
      type: 'order.completed',
      data: {
        order: { id: orderId, status: 'completed', records_delivered: 3, there_is_file: true },
        links: {
          order: `${t.deps.config.appUrl}/api/search-queries/${orderId}/`,
          download: `${t.deps.config.appUrl}/api/download/${orderId}/`,
          manifest: `${t.deps.config.appUrl}/api/search-queries/${orderId}/manifest/`,
        },
      },
    });
    const [delivery] = await log();
    expect(delivery).toMatchObject({
      event_id: event.id,
      order_id: orderId,
      status: 'succeeded',
      attempts: 1,
    });
    expect(await deliver()).toBe(0);
    expect(mine()).toHaveLength(1);
  });

  it('retries a failing endpoint with exponential backoff on the clock, then delivers; the log has every try', async () => {
    receiver.answerWith({ status: 500 }, { status: 503, body: 'busy' });
    await completeAnOrder();
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    t.clock.advance(webhookRetryDelayMs(1) - 1);
    expect(await deliver()).toBe(0);
    t.clock.advance(1);
    expect(await deliver()).toBe(1);
    expect(webhookRetryDelayMs(2)).toBe(3 * MINUTE);
    t.clock.advance(3 * MINUTE - 1);
    expect(await deliver()).toBe(0);
    t.clock.advance(1);
    expect(await deliver()).toBe(1);

    const tries = mine();
    expect(tries).toHaveLength(3);
    // The same event and body each time, signed afresh with each try's time.
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    expect(new Set(tries.map((r) => r.headers['threadcart-event-id'])).size).toBe(1);
    expect(tries.map((r) => r.headers['threadcart-delivery-attempt'])).toEqual(['1', '2', '3']);
    const stamps = tries.map((r) => Number(/t=(\d+)/.exec(r.headers['threadcart-signature'] as string)![1]));
    expect(stamps[1]! - stamps[0]!).toBe(45);
    expect(stamps[2]! - stamps[1]!).toBe(180);
    const last = verifyThreadcartSignature({
      header: tries[2]!.headers['threadcart-signature'] as string,
      rawBody: tries[2]!.body,
      secret: endpoint.secret,
      nowSeconds: nowSeconds(),
      toleranceSeconds: 300,
    });
    expect(last.ok).toBe(true);

    const [delivery] = await log();
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      max_attempts: 5,
      next_attempt_at: null,
    });
    expect(delivery!.attempt_log.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [3, 200, null],
      [2, 503, 'The endpoint answered 503.'],
      [1, 500, 'The endpoint answered 500.'],
    ]);
    for (const a of delivery!.attempt_log) expect(a.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('gives up after 5 tries over about an hour and tries no more', async () => {
    receiver.answerWith(...Array.from({ length: 5 }, () => ({ status: 500 })));
    await completeAnOrder();
    const started = t.clock.now().getTime();
    expect(await deliver()).toBe(1);
    for (let attempt = 1; attempt < 5; attempt += 1) {
      const [pending] = await log();
      expect(pending).toMatchObject({ status: 'pending', attempts: attempt });
      t.clock.set(new Date(pending!.next_attempt_at!));
      expect(await deliver()).toBe(1);
    }
    const elapsedMinutes = (t.clock.now().getTime() - started) / MINUTE;
    expect(elapsedMinutes).toBeGreaterThanOrEqual(55);
    expect(elapsedMinutes).toBeLessThanOrEqual(70);
    const [failed] = await log();
    expect(failed).toMatchObject({ status: 'failed', attempts: 5, next_attempt_at: null });
    expect(failed!.completed_at).toBe(t.clock.now().toISOString());
    expect(failed!.attempt_log).toHaveLength(5);
    t.clock.advance(24 * 60 * MINUTE);
    expect(await deliver()).toBe(0);
    expect(mine()).toHaveLength(5);
  });

  it('times out and does not follow redirects', async () => {
    receiver.answerWith(
      { status: 200, delayMs: 1500 },
      { status: 302, location: receiver.url(`/u/${user.user.id}`) },
      { status: 204 },
    );
    await completeAnOrder();
    expect(await deliver()).toBe(1);
    t.clock.advance(webhookRetryDelayMs(1));
    expect(await deliver()).toBe(1);
    t.clock.advance(webhookRetryDelayMs(2));
    expect(await deliver()).toBe(1);
    // The redirect's target got nothing beyond the three tries themselves.
    expect(mine()).toHaveLength(3);
    const [delivery] = await log();
    expect(delivery!.attempt_log.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [3, 204, null],
      [2, 302, 'The endpoint answered 302 (a redirect); redirects are not followed.'],
      [1, null, 'No answer within 0.4 seconds.'],
    ]);
    expect(delivery!.attempt_log[2]!.duration_ms).toBeGreaterThanOrEqual(390);
    expect(delivery!.status).toBe('succeeded');
  });

  it('refuses a private address when the operator does not allow them, whatever the endpoint was created with', async () => {
    await completeAnOrder();
    const strict: Deps = {
      ...t.deps,
      config: { ...t.deps.config, webhooks: { ...t.deps.config.webhooks, allowPrivate: false } },
    };
    expect(await deliver(strict)).toBe(1);
    expect(mine()).toHaveLength(0);
    const [delivery] = await log();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery!.attempt_log[0]).toMatchObject({
      status_code: null,
      error: WEBHOOK_MESSAGES.urlNotPublic('127.0.0.1', '127.0.0.1'),
    });
    // Allowed again (WEBHOOK_ALLOW_PRIVATE=true), the next try goes through.
    t.clock.advance(webhookRetryDelayMs(1));
    expect(await deliver()).toBe(1);
    expect(mine()).toHaveLength(1);
  });

  it('stops delivering once the endpoint is deleted, and deletes its pending deliveries', async () => {
    receiver.answerWith({ status: 500 });
    await completeAnOrder();
    expect(await deliver()).toBe(1);
    expect((await log())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${endpoint.id}/`,
      headers: (await signIn(t.app, user.username)).headers,
    });
    expect(del.statusCode).toBe(204);
    t.clock.advance(2 * 60 * MINUTE);
    expect(await deliver()).toBe(0);
    expect(mine()).toHaveLength(1);
    const left = await t.deps.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    expect(left).toEqual([]);
    // A later order of this user writes no event at all: nothing would deliver it.
    const orderId = await completeAnOrder();
    const events = await t.deps.db
      .selectFrom('outgoing_events')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    expect(events).toEqual([]);
  });

  it('stops delivering when the account is deleted', async () => {
    receiver.answerWith({ status: 500 });
    await completeAnOrder();
    expect(await deliver()).toBe(1);
    await deleteAccountThroughApi(t.app, user);
    t.clock.advance(2 * 60 * MINUTE);
    expect(await deliver()).toBe(0);
    expect(mine()).toHaveLength(1);
    for (const table of ['webhook_endpoints', 'outgoing_events'] as const) {
      const rows = await t.deps.db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', user.user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('sends each event to every endpoint of its owner only, once, even with two workers claiming at once', async () => {
    const second = await addEndpoint(user, receiver.url(`/u/${user.user.id}`));
    const other = await signUpAndSignIn(t.app);
    await addEndpoint(other, receiver.url(`/other/${other.user.id}`));
    await completeAnOrder();
    await completeAnOrder();
    // PostgreSQL: a second pool, so the claims really race. SQLite: one connection, the claims interleave.
    const otherDb =
      TEST_DIALECT === 'postgres' ? createDatabase(t.database.url, { schema: t.database.schema }) : undefined;
    try {
      const counts = await Promise.all([
        deliver(t.deps, 'hooks-a'),
        deliver({ ...t.deps, db: otherDb?.db ?? t.deps.db }, 'hooks-b'),
      ]);
      expect(counts[0]! + counts[1]!).toBe(4);
    } finally {
      await otherDb?.close();
    }
    const tries = mine();
    expect(tries).toHaveLength(4);
    expect(receiver.received.filter((r) => r.path === `/other/${other.user.id}`)).toHaveLength(0);
    // Two events, each once per endpoint, each signed with that endpoint's own secret.
    const byEvent = new Map<string, number>();
    for (const r of tries) {
      const id = r.headers['threadcart-event-id'] as string;
      byEvent.set(id, (byEvent.get(id) ?? 0) + 1);
      const verified = [endpoint.secret, second.secret].filter(
        (secret) =>
          verifyThreadcartSignature({
            header: r.headers['threadcart-signature'] as string,
            rawBody: r.body,
            secret,
            nowSeconds: nowSeconds(),
            toleranceSeconds: 300,
          }).ok,
      );
      expect(verified).toHaveLength(1);
    }
    expect([...byEvent.values()]).toEqual([2, 2]);
    expect((await log(second.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
  });
});
