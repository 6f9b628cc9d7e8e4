import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@threadcart/contracts';
import { adminGet, adminPost, auditEntries, grantAsAdmin, signUpAdmin } from '../../../test/admin-helpers.ts';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../test/corpus-factories.ts';
import { fulfilAll, reservationLedger } from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { withTransaction } from '../../db/database.ts';
import { sumLedgerAndLots } from '../../db/repositories/payments/credits.repository.ts';
import { failOrder, findOrderById } from '../../db/repositories/orders/orders.repository.ts';
import { releaseReservation } from '../../services/payments/ledger.service.ts';

const pythonFilter = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };

describe(`admin API: orders (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestSession;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signUpAdmin(t);
    alice = await signUpAndSignIn(t.app);
    bob = await signUpAndSignIn(t.app);
    await grantAsAdmin(t, admin, alice.user.id, 100);
    await grantAsAdmin(t, admin, bob.user.id, 100);
    const posts = Array.from({ length: 8 }, (_, i) => makePost({ id: `op${i}`, title: `python ${i}` }));
    await insertCorpus(t.deps.db, { posts, comments: [] });
  });
  afterAll(() => t.close());

  async function place(session: TestSession, resultCount = 5): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: session.headers,
      payload: { result_count: resultCount, filters: pythonFilter, format_type: 'csv' },
    });
    if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  }

  /** Fails an order as the worker does after its last attempt: failed, the whole reservation released. */
  async function failAsWorker(orderId: string): Promise<void> {
    const order = (await findOrderById(t.deps.db, orderId))!;
    const now = t.clock.now();
    await withTransaction(t.deps.db, async (trx) => {
      await failOrder(trx, { orderId, workerId: null, error: 'boom', nowIso: now.toISOString() });
      await releaseReservation(trx, order.reservation_id, now);
    });
  }

  const balanceOf = async (userId: string) =>
    (await adminGet(t, admin, `/api/admin/users/${userId}/`)).json().user.credits as number;

  it('lists every user’s orders, filtered by status and user, with the owner’s username', async () => {
    const a = await place(alice);
    const b = await place(bob);
    await failAsWorker(b);
    const all = (await adminGet(t, admin, '/api/admin/orders/')).json();
    expect(all.items.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([a, b]));
    const failed = (await adminGet(t, admin, '/api/admin/orders/?status=failed')).json();
    expect(failed.items.map((o: { id: string }) => o.id)).toEqual([b]);
    expect(failed.items[0]).toMatchObject({ username: bob.username, status: 'failed', error: 'boom' });
    const alices = (await adminGet(t, admin, `/api/admin/orders/?user_id=${alice.user.id}`)).json();
    expect(alices.items.every((o: { user_id: string }) => o.user_id === alice.user.id)).toBe(true);
    expect((await adminGet(t, admin, '/api/admin/orders/?status=lost')).statusCode).toBe(400);
  });

  it('retries a failed order: credits reserved again, attempts reset, fulfilled by the worker', async () => {
    const id = await place(alice, 4);
    await failAsWorker(id);
    const before = await balanceOf(alice.user.id);
    const res = await adminPost(t, admin, `/api/admin/orders/${id}/retry/`, { reason: 'corpus fixed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'pending', attempts: 0, error: null });
    expect(await balanceOf(alice.user.id)).toBe(before - 4);
    const row = (await findOrderById(t.deps.db, id))!;
    const ledger = await reservationLedger(t.deps.db, alice.user.id, row.reservation_id);
    expect(ledger).toMatchObject({ reserved: 4, released: 0 });
    expect(ledger.reservation?.status).toBe('held');

    expect(await fulfilAll(t.deps)).toContain(id);
    const done = (
      await adminGet(t, admin, `/api/admin/orders/?user_id=${alice.user.id}&status=completed`)
    ).json();
    expect(done.items.find((o: { id: string }) => o.id === id)).toMatchObject({ credits_charged: 4 });
    const sums = await sumLedgerAndLots(t.deps.db, alice.user.id);
    expect(sums.ledger).toBe(sums.lots);
    const [entry] = (await auditEntries(t, admin)).filter((e) => e.target_id === id);
    expect(entry).toMatchObject({ action: 'order.retry', reason: 'corpus fixed' });
    expect(entry!.details).toMatchObject({ credits_reserved: 4, previous_error: 'boom' });

    const again = await adminPost(t, admin, `/api/admin/orders/${id}/retry/`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ADMIN_MESSAGES.orderNotFailed, code: 'order_not_failed' });
  });

  it('refuses a retry the owner cannot afford (402) and leaves the order failed', async () => {
    const poor = await signUpAndSignIn(t.app);
    await grantAsAdmin(t, admin, poor.user.id, 5);
    const id = await place(poor, 5);
    await failAsWorker(id);
    const balance = await balanceOf(poor.user.id);
    await adminPost(t, admin, `/api/admin/users/${poor.user.id}/credits/deduct/`, {
      credits: balance - 2,
      reason: 'test',
    });
    const res = await adminPost(t, admin, `/api/admin/orders/${id}/retry/`, { reason: 'try' });
    expect(res.statusCode).toBe(402);
    expect((await findOrderById(t.deps.db, id))!.status).toBe('failed');
    expect((await auditEntries(t, admin)).some((e) => e.target_id === id)).toBe(false);
  });

  it('cancels a pending order: failed with a message, its reservation released through the ledger', async () => {
    const id = await place(bob, 6);
    const before = await balanceOf(bob.user.id);
    const res = await adminPost(t, admin, `/api/admin/orders/${id}/cancel/`, { reason: 'user asked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      error: ADMIN_MESSAGES.orderCancelled,
      credits_charged: 0,
    });
    expect(await balanceOf(bob.user.id)).toBe(before + 6);
    const row = (await findOrderById(t.deps.db, id))!;
    const ledger = await reservationLedger(t.deps.db, bob.user.id, row.reservation_id);
    expect(ledger).toMatchObject({ reserved: 6, released: 6 });
    expect(ledger.reservation?.status).toBe('released');
    const [entry] = (await auditEntries(t, admin)).filter((e) => e.target_id === id);
    expect(entry).toMatchObject({
      action: 'order.cancel',
      reason: 'user asked',
      details: { credits_released: 6 },
    });
    // The worker never picks it up.
    expect(await fulfilAll(t.deps)).not.toContain(id);

    const again = await adminPost(t, admin, `/api/admin/orders/${id}/cancel/`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_not_pending');
  });

  it('opens any order’s file, and says when there is none', async () => {
    const id = await place(alice, 3);
    const pending = await adminGet(t, admin, `/api/admin/orders/${id}/file/`);
    expect(pending.statusCode).toBe(404);
    await fulfilAll(t.deps);
    const res = await adminGet(t, admin, `/api/admin/orders/${id}/file/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment;');
    const own = await t.app.inject({ method: 'GET', url: `/api/download/${id}/`, headers: alice.headers });
    expect(res.rawPayload.equals(own.rawPayload)).toBe(true);
    const unknown = await adminGet(t, admin, '/api/admin/orders/01900000-0000-7000-8000-000000000000/file/');
    expect(unknown.statusCode).toBe(404);
  });
});
