import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { listUserOrders } from '../../db/repositories/orders/orders.repository.ts';
import { getBalance } from '../payments/ledger.service.ts';

const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };
// The same tree in the order payload form (docs/product.md §7.1): it is stored canonical, so it is the same order.
const SAME_FILTERS_SPEC_FORM = {
  combinator: 'AND',
  rules: [{ type: 'keyword', field: 'keyword', operator: 'keyword_contains', value: 'python' }],
};

describe(`placing orders with an Idempotency-Key (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    [alice, bob] = await Promise.all([signUpAndSignIn(t.app), signUpAndSignIn(t.app)]);
  });
  afterAll(() => t.close());

  const create = (session: TestSession, payload: object, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: { ...session.headers, 'idempotency-key': key },
      payload,
    });
  const balanceOf = (session: TestSession) => getBalance(t.deps.db, session.user.id, t.clock.now());

  it('replays an untitled order retried minutes later, also with the tree in another accepted form', async () => {
    const first = await create(alice, { result_count: 30, filters: FILTERS }, 'retry-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The default title names the minute; a retry in a later minute is still the same order.
    t.clock.advance(3 * 60_000);
    const retry = await create(alice, { result_count: 30, filters: SAME_FILTERS_SPEC_FORM }, 'retry-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await listUserOrders(t.deps.db, alice.user.id)).toHaveLength(1);
    expect(await balanceOf(alice)).toBe(1000 - 30);
  });

  it('answers 409 to a different payload under a used key and places nothing', async () => {
    for (const payload of [
      { result_count: 31, filters: FILTERS },
      { result_count: 30, filters: FILTERS, format_type: 'csv' },
      { result_count: 30, filters: FILTERS, title: 'Another title' },
      {
        result_count: 30,
        filters: { ...FILTERS, combinator: 'or', rules: [...FILTERS.rules, FILTERS.rules[0]] },
      },
    ]) {
      const res = await create(alice, payload, 'retry-1');
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This Idempotency-Key was already used for a different order.');
    }
    expect(await listUserOrders(t.deps.db, alice.user.id)).toHaveLength(1);
    expect(await balanceOf(alice)).toBe(1000 - 30);
  });

  it('keeps keys per user', async () => {
    const res = await create(bob, { result_count: 30, filters: FILTERS }, 'retry-1');
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(bob)).toBe(1000 - 30);
  });

  it('places one order when the same request arrives many times at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        create(bob, { title: 'Burst', result_count: 40, filters: FILTERS }, 'burst'),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await balanceOf(bob)).toBe(1000 - 30 - 40);
  });
});
