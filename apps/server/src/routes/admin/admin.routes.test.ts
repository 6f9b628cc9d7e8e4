import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, API_MESSAGES } from '@threadcart/contracts';
import { adminGet, adminPost, auditEntries, grantAsAdmin, signUpAdmin } from '../../../test/admin-helpers.ts';
import { createApiKey, signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { setUserRole } from '../../services/admin/admin-roles.service.ts';
import { ingestDepsOf, ingestFiles } from '../../services/corpus/ingest/corpus-ingest.service.ts';

const ID = '01900000-0000-7000-8000-000000000000';
const GETS = [
  '/api/admin/overview/',
  '/api/admin/users/',
  `/api/admin/users/${ID}/`,
  '/api/admin/orders/',
  `/api/admin/orders/${ID}/file/`,
  '/api/admin/payments/',
  '/api/admin/corpus/',
  '/api/admin/audit/',
];
const POSTS = [
  `/api/admin/users/${ID}/credits/grant/`,
  `/api/admin/users/${ID}/credits/deduct/`,
  `/api/admin/users/${ID}/disable/`,
  `/api/admin/users/${ID}/enable/`,
  `/api/admin/orders/${ID}/retry/`,
  `/api/admin/orders/${ID}/cancel/`,
  `/api/admin/payments/${ID}/refund/`,
];

describe(`admin API: roles, overview, corpus, audit (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signUpAdmin(t);
    user = await signUpAndSignIn(t.app);
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor on every admin route, before looking at the body', async () => {
    for (const url of GETS) {
      const res = await adminGet(t, null, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: API_MESSAGES.notAuthenticated, code: 'not_authenticated' });
    }
    for (const url of POSTS) expect((await adminPost(t, null, url, {})).statusCode, url).toBe(401);
  });

  it('answers 403 to a signed-in user and to an API key of a user, on every admin route', async () => {
    const key = await createApiKey(t.app, user);
    for (const url of GETS) {
      const res = await adminGet(t, user, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ detail: ADMIN_MESSAGES.forbidden, code: 'permission_denied' });
      const byKey = await t.app.inject({ method: 'GET', url, headers: key.headers });
      expect(byKey.statusCode, url).toBe(403);
    }
    for (const url of POSTS) {
      const res = await adminPost(t, user, url, { credits: 5, reason: 'x' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
  });

  it('checks the role on every request: a revoked administrator gets 403 at once', async () => {
    const other = await signUpAdmin(t);
    expect((await adminGet(t, other, '/api/admin/overview/')).statusCode).toBe(200);
    await setUserRole(t.deps, other.username, 'user');
    expect((await adminGet(t, other, '/api/admin/overview/')).statusCode).toBe(403);
  });

  it('refuses an admin mutation without the CSRF header (cookie session)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.user.id}/credits/grant/`,
      headers: { cookie: admin.headers.cookie },
      payload: { credits: 5, reason: 'no csrf' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).not.toBe('permission_denied');
  });

  it('gives the overview: counts by period, orders by status, queue, corpus and 30 days of figures', async () => {
    await grantAsAdmin(t, admin, user.user.id, 50);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: user.headers,
      payload: {
        result_count: 5,
        filters: { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] },
      },
    });
    expect(order.statusCode).toBe(201);
    const res = await adminGet(t, admin, '/api/admin/overview/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users.total).toBeGreaterThanOrEqual(2);
    expect(body.users.today).toBe(body.users.total);
    expect(body.orders).toMatchObject({ today: 1, days_7: 1, days_30: 1, total: 1 });
    expect(body.orders_by_status).toEqual({ pending: 1 });
    expect(body.worker.queue_depth).toBe(1);
    expect(body.revenue_cents).toEqual({ today: 0, days_7: 0, days_30: 0 });
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({
      date: t.clock.now().toISOString().slice(0, 10),
      orders: 1,
      revenue_cents: 0,
    });
    expect(body.corpus).toEqual({ state: 'none', posts: 0, comments: 0, sample_records: 0 });
  });

  it('shows the corpus by type, subreddit and month, sample or real', async () => {
    await insertCorpus(t.deps.db, {
      posts: [
        makePost({ id: 'ap1', subreddit: 'python', created_utc: Date.UTC(2024, 0, 5) / 1000 }),
        makePost({ id: 'ap2', subreddit: 'rust', created_utc: Date.UTC(2024, 1, 5) / 1000, is_sample: 1 }),
      ],
      comments: [makeComment({ id: 'ac1', subreddit: 'python', created_utc: Date.UTC(2024, 0, 6) / 1000 })],
    });
    const res = await adminGet(t, admin, '/api/admin/corpus/?top=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ state: 'mixed', posts: 2, comments: 1, sample_records: 1 });
    expect(body.by_subreddit).toEqual([{ key: 'python', posts: 1, comments: 1 }]);
    expect(body.by_month).toEqual([
      { key: '2024-01', posts: 1, comments: 1 },
      { key: '2024-02', posts: 1, comments: 0 },
    ]);
    expect(Array.isArray(body.ingests)).toBe(true);
  });

  it('keeps the ingest history: files, counts, skipped lines by reason, duration, sample or real', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-admin-ingest-'));
    try {
      const file = path.join(dir, 'RS_tiny.ndjson');
      const post = {
        id: 'ing1',
        title: 'hello',
        selftext: '',
        created_utc: 1_600_000_000,
        subreddit: 's',
        score: 1,
      };
      fs.writeFileSync(file, `${JSON.stringify(post)}\nnot json\n`);
      await ingestFiles(ingestDepsOf(t.deps), [file]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const [latest] = (await adminGet(t, admin, '/api/admin/corpus/')).json().ingests;
    expect(latest).toMatchObject({
      is_sample: false,
      files: ['RS_tiny.ndjson'],
      records_read: 2,
      inserted: 1,
      posts: 1,
      comments: 0,
      errors: [],
    });
    expect(Object.values(latest.skipped)).toEqual([1]);
    expect(latest.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(latest.finished_at)).toBeGreaterThanOrEqual(Date.parse(latest.started_at));
  });

  it('lists the audit log newest first, with who did what to whom and why', async () => {
    await grantAsAdmin(t, admin, user.user.id, 7);
    const [latest] = await auditEntries(t, admin);
    expect(latest).toMatchObject({
      action: 'credits.grant',
      target_id: user.user.id,
      reason: 'test credits',
      admin_user_id: admin.user.id,
      admin_username: admin.username,
      details: { credits: 7 },
    });
    const page = await adminGet(t, admin, `/api/admin/audit/?page=1&page_size=1&target_id=${user.user.id}`);
    expect(page.json()).toMatchObject({ page: 1, page_size: 1 });
    expect(page.json().items).toHaveLength(1);
    expect(page.json().total).toBe(2);
    expect((await adminGet(t, admin, '/api/admin/audit/?page_size=1000')).statusCode).toBe(400);
  });
});
