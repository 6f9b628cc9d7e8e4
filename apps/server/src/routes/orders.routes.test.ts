import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLedgerEntries } from '../db/repositories/payments/credits.repository.ts';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { claimOrder, fulfilOrder } from '../services/orders/fulfilment.service.ts';

const PYTHON_POSTS = 6; // the odd-numbered posts say python
const highQualityPosts = {
  combinator: 'AND',
  rules: [
    { type: 'keyword', field: 'keyword', operator: '=', value: 'python' },
    { type: 'upvotes', field: 'upvotes', operator: 'greater than', value: '100-500' },
  ],
};

describe(`orders API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signUpAndSignIn(t.app);
    bob = await signUpAndSignIn(t.app);
    const posts = Array.from({ length: 12 }, (_, i) =>
      makePost({ id: `p${i}`, title: i % 2 ? 'I love python' : 'rust talk', score: 90 + i * 10 }),
    );
    const comments = Array.from({ length: 6 }, (_, i) =>
      makeComment({ id: `c${i}`, body: `python ${i}`, score: i }),
    );
    await insertCorpus(t.deps.db, { posts, comments });
  });
  afterAll(() => t.close());

  const create = (session: TestSession, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: { ...session.headers, ...headers },
      payload,
    });

  it('refuses an empty filter tree with the message of docs/product.md §10.8', async () => {
    const res = await create(alice, { result_count: 10, filters: { combinator: 'and', rules: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ filters: ['Please add at least one filter.'] });
  });

  it('names the bad rule and refuses a bad record count', async () => {
    const bad = await create(alice, {
      result_count: 10,
      filters: { combinator: 'and', rules: [{ field: 'upvotes', operator: 'foo', value: 1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().filters[0]).toContain('Rule 1 (upvotes)');
    const count = await create(alice, { result_count: 0, filters: highQualityPosts });
    expect(count.statusCode).toBe(400);
    expect(Object.keys(count.json())).toEqual(['result_count']);
  });

  it('refuses an order above the balance with 402 and places nothing', async () => {
    const res = await create(alice, { result_count: 1000, filters: highQualityPosts });
    expect(res.statusCode).toBe(201);
    const short = await create(alice, { result_count: 1, filters: highQualityPosts });
    expect(short.statusCode).toBe(402);
    expect(short.json().detail).toBe('Not enough credits: this order needs 1 credits and you have 0.');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/search-queries/list/',
      headers: alice.headers,
    });
    expect(list.json()).toHaveLength(1);
  });

  it('places, fulfils and delivers an order, refunding undelivered credits', async () => {
    const res = await create(
      bob,
      { title: 'My "python" search', result_count: 50, format_type: 'json', filters: highQualityPosts },
      {
        'idempotency-key': 'k-1',
      },
    );
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      status: 'pending',
      there_is_file: false,
      search_type: 'posts',
      result_count: 50,
    });
    expect(order.query_string).toContain('python');

    const replay = await create(
      bob,
      { title: 'My "python" search', result_count: 50, format_type: 'json', filters: highQualityPosts },
      {
        'idempotency-key': 'k-1',
      },
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(order.id);
    const other = await create(
      bob,
      { result_count: 5, filters: highQualityPosts },
      { 'idempotency-key': 'k-1' },
    );
    expect(other.statusCode).toBe(409);

    const noFile = await t.app.inject({
      method: 'GET',
      url: `/api/download/${order.id}/`,
      headers: bob.headers,
    });
    expect(noFile.statusCode).toBe(404);
    expect(noFile.json().detail).toBe('This order has no file yet.');

    const fulfilled: string[] = [];
    for (let claimed = await claimOrder(t.deps, 'w1'); claimed; claimed = await claimOrder(t.deps, 'w1')) {
      await fulfilOrder(t.deps, claimed, 'w1');
      fulfilled.push(claimed.id);
    }
    expect(fulfilled).toContain(order.id);

    const done = await t.app.inject({
      method: 'GET',
      url: `/api/search-queries/${order.id}/`,
      headers: bob.headers,
    });
    // python posts with score 100..500: p1 (100), p3 (120), p5 (140), p7 (160), p9 (180), p11 (200)
    expect(done.json()).toMatchObject({
      status: 'completed',
      progress: 100,
      records_delivered: 6,
      credits_charged: 6,
    });
    expect(done.json().there_is_file).toBe(true);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/download/${order.id}/`,
      headers: bob.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/json');
    expect(file.headers['content-disposition']).toContain('attachment;');
    const records = JSON.parse(file.body) as { id: string; score: number }[];
    expect(records.map((r) => r.id)).toEqual(['p11', 'p9', 'p7', 'p5', 'p3', 'p1']);

    const stolen = await t.app.inject({
      method: 'GET',
      url: `/api/download/${order.id}/`,
      headers: alice.headers,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().detail).toBe('Not found.');

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bob.headers });
    expect(me.json().user.credits).toBe(1000 - 6);
    const kinds = (await listLedgerEntries(t.deps.db, bob.user.id)).map((e) => [e.kind, e.delta]);
    expect(kinds).toEqual([
      ['grant', 1000],
      ['reserve', -50],
      ['release', 44],
    ]);

    const stats = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats/', headers: bob.headers });
    expect(stats.json()).toEqual({
      total: 1,
      completed: 1,
      in_progress: 0,
      failed: 0,
      credits: 994,
      corpus_sample: 'none',
    });
  });

  it('previews matches, cost and samples for free', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/preview/',
      headers: alice.headers,
      payload: {
        result_count: 3,
        search_type: 'both',
        filters: {
          combinator: 'and',
          rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.matches).toBe(PYTHON_POSTS + 6);
    expect(body.matches_capped).toBe(false);
    expect(body.credits_needed).toBe(3);
    expect(body.sample).toHaveLength(5);
  });

  it('counts a preview with fewer matches than the sample exactly', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/preview/',
      headers: alice.headers,
      payload: {
        result_count: 10,
        filters: {
          combinator: 'and',
          rules: [
            { field: 'keyword', operator: 'keyword_contains', value: 'rust' },
            { field: 'upvotes', operator: 'between', value: [100, 140] },
          ],
        },
      },
    });
    expect(res.json()).toMatchObject({ matches: 2, matches_capped: false, credits_needed: 2 });
    expect(res.json().sample.map((r: { id: string }) => r.id)).toEqual(['p4', 'p2']);
  });

  it('tells the dashboard when the corpus holds generated sample data beside the real records', async () => {
    await insertCorpus(t.deps.db, { posts: [makePost({ id: 'zzsample1', is_sample: 1 })] });
    const stats = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats/', headers: bob.headers });
    expect(stats.json().corpus_sample).toBe('mixed');
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search-queries/list/' });
    expect(res.statusCode).toBe(401);
  });
});
