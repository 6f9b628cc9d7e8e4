import type { Order } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// The list is streamed in pages of 25 orders (decision 028): every order once, newest first, across page edges,
// with orders placed in the same millisecond ordered by id.
describe('GET /api/search-queries/list/ streamed page by page', () => {
  let t: TestApp;
  let user: TestSession;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signUpAndSignIn(t.app);
  });
  afterAll(() => t.close());

  async function place(title: string, keyword: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: user.headers,
      payload: {
        title,
        result_count: 1,
        filters: {
          combinator: 'and',
          rules: [{ field: 'keyword', operator: 'keyword_contains', value: keyword }],
        },
      },
    });
    expect(res.statusCode).toBe(201);
    // Finished at once, so the open-order cap does not stop the test.
    await t.deps.db
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('id', '=', res.json().id)
      .execute();
  }

  it('answers an empty array for a user with no orders', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search-queries/list/',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual([]);
  });

  it('lists 60 orders newest first, each once, with their filter trees', async () => {
    for (let i = 0; i < 60; i += 1) {
      // Two orders per clock tick: the same created_at, told apart by id.
      if (i % 2 === 0) t.clock.advance(1_000);
      await place(`order ${i}`, `word${i}`);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search-queries/list/',
      headers: user.headers,
    });
    const orders = res.json() as Order[];
    expect(orders.map((o) => o.title)).toEqual(Array.from({ length: 60 }, (_, i) => `order ${59 - i}`));
    expect(orders[0]!.filters).toMatchObject({
      combinator: 'and',
      rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'word59' }],
    });
    const other = await signUpAndSignIn(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/search-queries/list/',
      headers: other.headers,
    });
    expect(theirs.json()).toEqual([]);
  });
});
