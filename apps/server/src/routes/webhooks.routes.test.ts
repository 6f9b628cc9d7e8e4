import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WebhookEventSchema,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
} from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import {
  startWebhookReceiver,
  verifyThreadcartSignature,
  type WebhookReceiver,
} from '../../test/webhook-receiver.ts';
import { deliverDueWebhooks } from '../services/operations/webhook-delivery.service.ts';

describe(`webhook endpoints API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await buildTestApp();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const create = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/', headers, payload });
  const list = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/webhooks/', headers });
    expect(res.statusCode, res.body).toBe(200);
    return { endpoints: (res.json() as { endpoints: WebhookEndpoint[] }).endpoints, body: res.body };
  };

  it('adds an endpoint with its secret shown once, lists it without the secret, and deletes it', async () => {
    const s = await signUpAndSignIn(t.app);
    const res = await create(s.headers, { url: ` ${receiver.url()} `, description: 'Pipeline' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as CreatedWebhookEndpoint;
    expect(created).toMatchObject({ url: receiver.url(), description: 'Pipeline', recent_deliveries: [] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const { endpoints, body } = await list(s.headers);
    expect(endpoints).toEqual([
      {
        id: created.id,
        url: receiver.url(),
        description: 'Pipeline',
        created_at: created.created_at,
        recent_deliveries: [],
      },
    ]);
    expect(body).not.toContain(created.secret);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${created.id}/`,
      headers: s.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await list(s.headers)).endpoints).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${created.id}/`,
      headers: s.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an API key (issue 28) and a cookie session without its CSRF token', async () => {
    const s = await signUpAndSignIn(t.app);
    const key = await createApiKey(t.app, s);
    const refusedKey = await create(key.headers, { url: receiver.url('/by-key') });
    expect([refusedKey.statusCode, refusedKey.json().code]).toEqual([403, 'session_required']);
    const listByKey = await t.app.inject({ method: 'GET', url: '/api/webhooks/', headers: key.headers });
    expect(listByKey.statusCode).toBe(403);
    const byKey = await create(s.headers, { url: receiver.url('/by-key') });
    expect(byKey.statusCode, byKey.body).toBe(201);

    const noToken = await create({ cookie: s.headers.cookie }, { url: receiver.url('/csrf') });
    expect(noToken.statusCode).toBe(403);
    const id = (byKey.json() as CreatedWebhookEndpoint).id;
    for (const [method, url] of [
      ['DELETE', `/api/webhooks/${id}/`],
      ['POST', `/api/webhooks/${id}/test/`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: s.headers.cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await list(s.headers)).endpoints).toHaveLength(1);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/webhooks/' });
    expect(visitor.statusCode).toBe(401);
  });

  it("answers 404 for another user's endpoint on every route, and changes nothing", async () => {
    const owner = await signUpAndSignIn(t.app);
    const other = await signUpAndSignIn(t.app);
    const id = ((await create(owner.headers, { url: receiver.url() })).json() as CreatedWebhookEndpoint).id;
    for (const [method, url] of [
      ['DELETE', `/api/webhooks/${id}/`],
      ['POST', `/api/webhooks/${id}/test/`],
      ['GET', `/api/webhooks/${id}/deliveries/`],
      ['GET', '/api/webhooks/nope/deliveries/'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    expect((await list(other.headers)).endpoints).toEqual([]);
    const own = await list(owner.headers);
    expect(own.endpoints.map((e) => [e.id, e.recent_deliveries.length])).toEqual([[id, 0]]);
  });

  it('refuses bad addresses and descriptions with a message on the field', async () => {
    const s = await signUpAndSignIn(t.app);
    const cases: [object, string, string][] = [
      [{}, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: '   ' }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: 'example.com/hook' }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'ftp://example.com/hook' }, 'url', WEBHOOK_MESSAGES.urlScheme],
      [{ url: 'javascript:alert(1)' }, 'url', WEBHOOK_MESSAGES.urlScheme],
      [{ url: 'https://user:pw@example.com/hook' }, 'url', WEBHOOK_MESSAGES.urlCredentials],
      [{ url: 'https://token@example.com/hook' }, 'url', WEBHOOK_MESSAGES.urlCredentials],
      [{ url: `https://example.com/${'a'.repeat(2048)}` }, 'url', WEBHOOK_MESSAGES.urlTooLong],
      [{ url: 42 }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [
        { url: receiver.url(), description: 'd'.repeat(201) },
        'description',
        WEBHOOK_MESSAGES.descriptionTooLong,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(s.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()[field]).toEqual([message]);
    }
    expect((await list(s.headers)).endpoints).toEqual([]);
  });

  it(`allows ${MAX_WEBHOOK_ENDPOINTS} endpoints a user, then says to delete one (409)`, async () => {
    const s = await signUpAndSignIn(t.app);
    const made = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 2 }, (_, i) =>
        create(s.headers, { url: receiver.url(`/n${i}`) }),
      ),
    );
    const statuses = made.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(MAX_WEBHOOK_ENDPOINTS).fill(201), 409, 409]);
    expect(made.find((r) => r.statusCode === 409)!.json()).toEqual({
      detail: WEBHOOK_MESSAGES.tooManyEndpoints,
      code: 'too_many_webhook_endpoints',
    });
    expect((await list(s.headers)).endpoints).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    // Another user is not affected by this one's limit.
    const other = await signUpAndSignIn(t.app);
    expect((await create(other.headers, { url: receiver.url() })).statusCode).toBe(201);
  });

  it('sends a signed test event through the worker and shows it in the log', async () => {
    const s: TestSession = await signUpAndSignIn(t.app);
    const created = (
      await create(s.headers, { url: receiver.url('/test') })
    ).json() as CreatedWebhookEndpoint;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${created.id}/test/`,
      headers: s.headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      detail: WEBHOOK_MESSAGES.testQueued,
      delivery: {
        event_type: 'webhook.test',
        status: 'pending',
        attempts: 0,
        max_attempts: 1,
        attempt_log: [],
      },
    });
    const before = receiver.received.length;
    expect(await deliverDueWebhooks(t.deps, 'w-test')).toBe(1);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const event = WebhookEventSchema.parse(JSON.parse(got[0]!.body));
    expect(event).toMatchObject({ type: 'webhook.test', data: { endpoint_id: created.id } });
    expect(got[0]!.headers['threadcart-event-type']).toBe('webhook.test');
    const check = verifyThreadcartSignature({
      header: got[0]!.headers['threadcart-signature'] as string,
      rawBody: got[0]!.body,
      secret: created.secret,
      nowSeconds: Math.floor(t.clock.now().getTime() / 1000),
      toleranceSeconds: 300,
    });
    expect(check).toMatchObject({ ok: true });

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${created.id}/deliveries/`,
      headers: s.headers,
    });
    expect(log.statusCode).toBe(200);
    const [delivery] = log.json().deliveries;
    expect(delivery).toMatchObject({ event_type: 'webhook.test', status: 'succeeded', attempts: 1 });
    expect(delivery.attempt_log).toEqual([
      {
        attempt: 1,
        attempted_at: t.clock.now().toISOString(),
        duration_ms: expect.any(Number),
        status_code: 200,
        error: null,
      },
    ]);
    expect((await list(s.headers)).endpoints[0]!.recent_deliveries[0]).toEqual(delivery);
  });
});

describe(`webhook endpoints with WEBHOOK_ALLOW_PRIVATE=false (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false' });
  });
  afterAll(() => t.close());

  it('refuses addresses that are or resolve to private, loopback or reserved ones, and accepts public ones', async () => {
    const s = await signUpAndSignIn(t.app);
    const refused: [string, string, string][] = [
      ['http://127.0.0.1:9/hook', '127.0.0.1', '127.0.0.1'],
      ['http://0x7f.1/hook', '127.0.0.1', '127.0.0.1'],
      ['http://2130706433/hook', '127.0.0.1', '127.0.0.1'],
      ['http://[::1]:8080/hook', '::1', '::1'],
      ['http://[::ffff:10.0.0.1]/hook', '::ffff:a00:1', '::ffff:a00:1'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', '169.254.169.254'],
      ['https://10.1.2.3/hook', '10.1.2.3', '10.1.2.3'],
      ['https://192.168.0.10/hook', '192.168.0.10', '192.168.0.10'],
      ['https://100.64.0.1/hook', '100.64.0.1', '100.64.0.1'],
      ['https://[fd00::1]/hook', 'fd00::1', 'fd00::1'],
      ['https://0.0.0.0/hook', '0.0.0.0', '0.0.0.0'],
    ];
    for (const [url, host, address] of refused) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/',
        headers: s.headers,
        payload: { url },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ url: [WEBHOOK_MESSAGES.urlNotPublic(host, address)] });
    }
    // A name is checked by what it resolves to (localhost comes from /etc/hosts, no network needed).
    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/',
      headers: s.headers,
      payload: { url: 'http://localhost:8080/hook' },
    });
    expect(byName.statusCode).toBe(400);
    expect(byName.json().url[0]).toMatch(
      /^Webhooks go only to public internet addresses: localhost is (127\.0\.0\.1|::1),/,
    );

    for (const url of ['https://93.184.215.14/hook', 'http://[2606:4700:4700::1111]/hook']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/',
        headers: s.headers,
        payload: { url },
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(201);
    }
  });
});
