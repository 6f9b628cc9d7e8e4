import { ORDER_MESSAGES, RERUN_MESSAGES, type Order, type RerunOrderResponse } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../test/corpus-factories.ts';
import { downloadOrderFile, fulfilAll } from '../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { insertCorpusIngest } from '../db/repositories/corpus/ingest/corpus-ingests.repository.ts';

const FILTERS = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'rerun' }],
};
const rerunPost = (id: string, score: number) => makePost({ id, title: `rerun ${id}`, score });

describe(`POST /api/search-queries/{id}/rerun/ (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signUpAndSignIn(t.app);
    bob = await signUpAndSignIn(t.app);
    await insertCorpus(t.deps.db, { posts: [1, 2, 3, 4].map((i) => rerunPost(`rr${i}`, i)) });
  });
  afterAll(() => t.close());

  const post = (
    session: TestSession,
    url: string,
    payload: object = {},
    headers: Record<string, string> = {},
  ) => t.app.inject({ method: 'POST', url, headers: { ...session.headers, ...headers }, payload });
  const getOrder = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/search-queries/${id}/`, headers: alice.headers })
    ).json() as Order;
  const credits = async (session: TestSession) =>
    Number(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard/stats/', headers: session.headers })).json()
        .credits,
    );
  const ids = async (orderId: string) =>
    (
      JSON.parse((await downloadOrderFile(t.app, alice.headers, orderId)).body.toString()) as { id: string }[]
    ).map((r) => r.id);

  async function placeCompleted(payload: object): Promise<Order> {
    const res = await post(alice, '/api/search-queries/create/', {
      result_count: 3,
      filters: FILTERS,
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    await fulfilAll(t.deps);
    return getOrder(res.json().id);
  }

  it('places the same order again, charged as usual, and says the corpus has not changed', async () => {
    const first = await placeCompleted({
      title: 'Again',
      sort: 'random',
      sample_seed: 5,
      format_type: 'json',
    });
    const before = await credits(alice);
    const res = await post(
      alice,
      `/api/search-queries/${first.id}/rerun/`,
      {},
      { 'idempotency-key': 'rr-1' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as RerunOrderResponse;
    expect(body).toMatchObject({ corpus_changed: false, corpus_changes: [] });
    expect(body.order.id).not.toBe(first.id);
    const same = [
      'title',
      'search_type',
      'format_type',
      'result_count',
      'filters',
      'sort',
      'sample_seed',
      'columns',
    ];
    for (const key of same) expect(body.order[key as keyof Order]).toEqual(first[key as keyof Order]);
    expect(body.order.status).toBe('pending');
    expect(await credits(alice)).toBe(before - 3);
    // A retried request with the same key is the same order, charged once.
    const retry = await post(
      alice,
      `/api/search-queries/${first.id}/rerun/`,
      {},
      { 'idempotency-key': 'rr-1' },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((retry.json() as RerunOrderResponse).order.id).toBe(body.order.id);
    await fulfilAll(t.deps);
    expect(await ids(body.order.id)).toEqual(await ids(first.id));
    expect(await credits(alice)).toBe(before - 3);
  });

  it('says what changed in the corpus since, and may leave out what was received', async () => {
    // Fresh records of their own: what the first test delivered is left out of this one's count.
    const fresh = {
      combinator: 'and',
      rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'fresh' }],
    };
    const freshPost = (id: string, score: number) => makePost({ id, title: `fresh ${id}`, score });
    await insertCorpus(t.deps.db, { posts: [1, 2, 3, 4].map((i) => freshPost(`fr${i}`, i)) });
    const first = await placeCompleted({ title: 'Changes', filters: fresh });
    await insertCorpus(t.deps.db, { posts: [freshPost('fr9', 9)] });
    await insertCorpusIngest(t.deps.db, {
      id: 'ingest-after',
      is_sample: 0,
      files: JSON.stringify(['RS_2030-01.zst']),
      records_read: 1,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      posts: 1,
      comments: 0,
      skipped: '{}',
      errors: '[]',
      duration_ms: 1,
      started_at: '2030-01-01T00:00:00.000Z',
      finished_at: '2030-01-01T00:00:01.000Z',
    });
    const res = await post(alice, `/api/search-queries/${first.id}/rerun/`, { exclude_purchased: true });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as RerunOrderResponse;
    expect(body.corpus_changed).toBe(true);
    expect(body.corpus_changes).toEqual([RERUN_MESSAGES.records('Posts', 8, 9), RERUN_MESSAGES.ingests(1)]);
    expect(body.order.exclude_purchased).toBe(true);
    await fulfilAll(t.deps);
    // The first order delivered fr4, fr3, fr2: the re-run gets the new record and the one left.
    expect(await ids(body.order.id)).toEqual(['fr9', 'fr1']);
    expect(await getOrder(body.order.id)).toMatchObject({ records_delivered: 2, credits_charged: 2 });
  });

  it('cannot tell a change for an order that never completed', async () => {
    const placed = await post(alice, '/api/search-queries/create/', { result_count: 2, filters: FILTERS });
    const res = await post(alice, `/api/search-queries/${placed.json().id}/rerun/`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ corpus_changed: null, corpus_changes: [] });
    await fulfilAll(t.deps);
  });

  it("answers 404 for someone else's order, 401 without a session, 403 without CSRF, 402 when credits are short", async () => {
    const first = await placeCompleted({});
    const url = `/api/search-queries/${first.id}/rerun/`;
    expect((await post(bob, url)).statusCode).toBe(404);
    expect((await post(bob, '/api/search-queries/no-such-order/rerun/')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: alice.headers.cookie },
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
    const bad = await post(alice, url, { exclude_purchased: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ exclude_purchased: [ORDER_MESSAGES.excludePurchased] });
    // Carol's one order holds all her credits while it waits: placing it again is refused and places nothing.
    const carol = await signUpAndSignIn(t.app);
    const hers = await post(carol, '/api/search-queries/create/', { result_count: 1000, filters: FILTERS });
    expect(hers.statusCode).toBe(201);
    const refused = await post(carol, `/api/search-queries/${hers.json().id}/rerun/`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().detail).toMatch(/Not enough credits: this order needs 1000 credits and you have 0/);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/search-queries/list/',
      headers: carol.headers,
    });
    expect(list.json()).toHaveLength(1);
    await fulfilAll(t.deps);
  });

  it('documents the re-run route and the delivery options in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    expect(paths['/api/search-queries/{id}/rerun/']?.post).toBeDefined();
    const create = paths['/api/search-queries/create/'].post.requestBody.content['application/json'].schema;
    for (const option of ['exclude_purchased', 'include_context', 'include_comments'])
      expect(create.properties[option]?.description, option).toMatch(/\w/);
    expect(create.properties.include_comments).toMatchObject({ minimum: 0, maximum: 50 });
  });
});
