import { DRY_RUNS_PER_MINUTE, MAX_OPEN_ORDERS, ORDER_MESSAGES, type Order } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { claimOrder } from './fulfilment.service.ts';

const PAYLOAD = {
  search_type: 'posts',
  result_count: 1,
  filters: { combinator: 'and', rules: [{ field: 'regex', operator: 'regex_matches', value: 'zzq[0-9]+' }] },
};

describe(`a fair order queue (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function place(user: TestSession, title: string) {
    t.clock.advance(1_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: user.headers,
      payload: { ...PAYLOAD, title },
    });
    return res;
  }

  it('takes users in turns: one user queueing first does not make another wait behind all of it', async () => {
    const alice = await signUpAndSignIn(t.app);
    const bob = await signUpAndSignIn(t.app);
    for (const title of ['A1', 'A2', 'A3']) expect((await place(alice, title)).statusCode).toBe(201);
    expect((await place(bob, 'B1')).statusCode).toBe(201);
    const claimed: string[] = [];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1_000);
      const order = await claimOrder(t.deps, `worker-${i}`);
      claimed.push(order!.title);
    }
    // Oldest first would be A1, A2, A3, B1: Bob's order would wait for all of Alice's.
    expect(claimed).toEqual(['A1', 'B1', 'A2', 'A3']);
  });

  it(`refuses an order past ${MAX_OPEN_ORDERS} waiting or running with a 429 that says why, and takes one again once one has finished`, async () => {
    const carol = await signUpAndSignIn(t.app);
    const placed: Order[] = [];
    for (let i = 0; i < MAX_OPEN_ORDERS; i++) {
      const res = await place(carol, `C${i}`);
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json());
    }
    const refused = await place(carol, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ detail: ORDER_MESSAGES.tooManyOpenOrders });
    expect(refused.headers['retry-after']).toBe('30');
    // Nothing was reserved for the refused order.
    const stats = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats/', headers: carol.headers });
    expect(stats.json()).toMatchObject({ total: MAX_OPEN_ORDERS, credits: 1_000 - MAX_OPEN_ORDERS });
    await t.deps.db
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('id', '=', placed[0]!.id)
      .execute();
    expect((await place(carol, 'next')).statusCode).toBe(201);
  });

  it(`limits a user's dry runs to ${DRY_RUNS_PER_MINUTE} a minute, with a 429 that says when to try again`, async () => {
    const dave = await signUpAndSignIn(t.app);
    const erin = await signUpAndSignIn(t.app);
    const dryRun = (user: TestSession) =>
      t.app.inject({
        method: 'POST',
        url: '/api/search-queries/preview/',
        headers: user.headers,
        payload: PAYLOAD,
      });
    for (let i = 0; i < DRY_RUNS_PER_MINUTE; i++) expect((await dryRun(dave)).statusCode).toBe(200);
    const refused = await dryRun(dave);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ detail: ORDER_MESSAGES.dryRunsThrottled(retryAfter) });
    expect((await dryRun(erin)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await dryRun(dave)).statusCode).toBe(200);
  });
});
