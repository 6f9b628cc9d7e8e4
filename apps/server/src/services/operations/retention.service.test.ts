import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, signUpAndSignIn } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../test/corpus-factories.ts';
import { fulfilAll, listStorage } from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { addDays } from '../../lib/clock.ts';
import { purgeExpiredOrders } from './retention.service.ts';

const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };

describe(`retention of orders and their files (${TEST_DIALECT})`, () => {
  let t: TestApp;
  // An API key: a browser session would expire as the clock moves on by months.
  let buyer: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await newBuyer();
    await insertCorpus(t.deps.db, {
      posts: [1, 2, 3].map((i) => makePost({ id: `r${i}`, title: `python ${i}` })),
    });
  });
  afterAll(() => t.close());

  async function newBuyer() {
    return createApiKey(t.app, await signUpAndSignIn(t.app));
  }
  async function placeAndFulfil(title: string): Promise<{ id: string; fileName: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: { title, result_count: 5, format_type: 'csv', filters: FILTERS },
    });
    expect(res.statusCode).toBe(201);
    await fulfilAll(t.deps);
    return { id: res.json().id, fileName: `${res.json().id}-1.csv` };
  }
  const getOrder = (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/search-queries/${id}/`, headers: buyer.headers });
  const download = (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/download/${id}/`, headers: buyer.headers });

  it('deletes an order 91 days old with its file and keeps one 89 days old', async () => {
    const start = t.clock.now();
    const old = await placeAndFulfil('old');
    t.clock.set(addDays(start, 2));
    const young = await placeAndFulfil('young');
    expect(listStorage(t.deps.config.storage.dir).files).toEqual([old.fileName, young.fileName].sort());

    t.clock.set(addDays(start, 91));
    expect(await purgeExpiredOrders(t.deps)).toBe(1);
    expect((await getOrder(old.id)).statusCode).toBe(404);
    expect((await download(old.id)).statusCode).toBe(404);
    expect((await getOrder(young.id)).json()).toMatchObject({ status: 'completed', there_is_file: true });
    expect((await download(young.id)).statusCode).toBe(200);
    expect(listStorage(t.deps.config.storage.dir).files).toEqual([young.fileName]);

    // 90 days to the millisecond is still kept; a moment later it goes.
    t.clock.set(addDays(start, 92));
    expect(await purgeExpiredOrders(t.deps)).toBe(0);
    t.clock.advance(1);
    expect(await purgeExpiredOrders(t.deps)).toBe(1);
    expect((await getOrder(young.id)).statusCode).toBe(404);
    expect(listStorage(t.deps.config.storage.dir)).toEqual({ files: [], temps: [] });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/search-queries/list/',
      headers: buyer.headers,
    });
    expect(list.json()).toEqual([]);
  });

  it('purges past one batch', async () => {
    // The first buyer's sign-up gift has expired by now (30 days).
    buyer = await newBuyer();
    const start = t.clock.now();
    for (let i = 0; i < 5; i += 1) await placeAndFulfil(`batch ${i}`);
    t.clock.set(addDays(start, 91));
    expect(await purgeExpiredOrders(t.deps, 2)).toBe(5);
    expect(listStorage(t.deps.config.storage.dir).files).toEqual([]);
  });
});
