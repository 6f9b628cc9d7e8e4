import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@threadcart/contracts';
import { adminGet, adminPost, auditEntries, grantAsAdmin, signUpAdmin } from '../../../test/admin-helpers.ts';
import { createApiKey, signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { listLedgerEntries, sumLedgerAndLots } from '../../db/repositories/payments/credits.repository.ts';

describe(`admin API: users (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const balanceOf = async (userId: string) =>
    (await adminGet(t, admin, `/api/admin/users/${userId}/`)).json().user.credits as number;

  it('searches users by username, e-mail or name (any case, wildcards literal), a page at a time', async () => {
    const zed = await signUpAndSignIn(t.app, { username: 'Zed_Search1', name: 'Zora Quill' });
    await signUpAndSignIn(t.app, { username: 'zed_search2', email: 'other-zed@example.org' });
    const byName = await adminGet(t, admin, '/api/admin/users/?q=QUILL');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().items.map((u: { id: string }) => u.id)).toEqual([zed.user.id]);
    expect(byName.json().items[0]).toMatchObject({
      username: 'Zed_Search1',
      role: 'user',
      disabled_at: null,
    });
    const byUsername = await adminGet(t, admin, '/api/admin/users/?q=zed_search&page_size=1');
    expect(byUsername.json()).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(byUsername.json().items).toHaveLength(1);
    const byEmail = await adminGet(t, admin, '/api/admin/users/?q=OTHER-ZED%40example');
    expect(byEmail.json().total).toBe(1);
    // `%` is a LIKE wildcard: escaped, it matches only a percent sign.
    expect((await adminGet(t, admin, '/api/admin/users/?q=zed%25search')).json().total).toBe(0);
    const me = await adminGet(t, admin, `/api/admin/users/?q=${admin.username}`);
    expect(me.json().items[0].role).toBe('admin');
  });

  it('grants credits as an admin lot with a grant entry, and deducts with adjustment entries', async () => {
    const user = await signUpAndSignIn(t.app);
    const before = await balanceOf(user.user.id);
    const grant = await adminPost(t, admin, `/api/admin/users/${user.user.id}/credits/grant/`, {
      credits: 300,
      reason: 'goodwill after an outage',
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().credits).toBe(before + 300);
    const deduct = await adminPost(t, admin, `/api/admin/users/${user.user.id}/credits/deduct/`, {
      credits: 120,
      reason: 'duplicate grant',
    });
    expect(deduct.statusCode).toBe(200);
    expect(deduct.json().credits).toBe(before + 180);

    const ledger = await listLedgerEntries(t.deps.db, user.user.id);
    // The ledger carries the default customer note, never the internal reason (issue 28 item 7).
    const adminGrant = ledger.find((e) => e.kind === 'grant' && e.delta === 300);
    expect(adminGrant).toMatchObject({ delta: 300, note: 'Credits added by Threadcart support' });
    const adjustments = ledger.filter((e) => e.kind === 'adjustment');
    expect(adjustments.reduce((sum, e) => sum + e.delta, 0)).toBe(-120);
    const sums = await sumLedgerAndLots(t.deps.db, user.user.id);
    expect(sums.ledger).toBe(sums.lots);

    const detail = (await adminGet(t, admin, `/api/admin/users/${user.user.id}/`)).json();
    expect(detail.user.credits).toBe(before + 180);
    const lot = detail.lots.find((l: { source: string }) => l.source === 'admin');
    expect(lot).toMatchObject({ credits_granted: 300 });
    const expires = new Date(t.clock.now().getTime() + 90 * 86_400_000).toISOString();
    expect(lot.expires_at).toBe(expires);
    expect(detail.ledger[0]).toMatchObject({ kind: 'adjustment' });
    expect(detail).toMatchObject({ orders: [], payments: [] });

    const actions = (await auditEntries(t, admin)).filter((e) => e.target_id === user.user.id);
    expect(actions.map((e) => [e.action, e.reason, e.details.credits])).toEqual([
      ['credits.deduct', 'duplicate grant', 120],
      ['credits.grant', 'goodwill after an outage', 300],
    ]);
  });

  it('refuses a deduction below zero (400, nothing written) and a grant or deduction without a reason', async () => {
    const user = await signUpAndSignIn(t.app);
    const balance = await grantAsAdmin(t, admin, user.user.id, 10);
    const entries = (await listLedgerEntries(t.deps.db, user.user.id)).length;
    const tooMuch = await adminPost(t, admin, `/api/admin/users/${user.user.id}/credits/deduct/`, {
      credits: balance + 1,
      reason: 'too much',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      detail: ADMIN_MESSAGES.deductTooLarge(balance + 1, balance),
      code: 'insufficient_credits',
    });
    for (const body of [{ credits: 5 }, { credits: 5, reason: '   ' }, { credits: 0, reason: 'x' }]) {
      for (const action of ['grant', 'deduct']) {
        const res = await adminPost(t, admin, `/api/admin/users/${user.user.id}/credits/${action}/`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    }
    expect(await listLedgerEntries(t.deps.db, user.user.id)).toHaveLength(entries);
    expect(await balanceOf(user.user.id)).toBe(balance);
    const all = await auditEntries(t, admin);
    expect(all.filter((e) => e.target_id === user.user.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown user', async () => {
    const id = '01900000-0000-7000-8000-00000000beef';
    expect((await adminGet(t, admin, `/api/admin/users/${id}/`)).statusCode).toBe(404);
    const res = await adminPost(t, admin, `/api/admin/users/${id}/credits/grant/`, {
      credits: 1,
      reason: 'x',
    });
    expect(res.statusCode).toBe(404);
  });

  it('disables an account: its session ends at once, its key is refused, it cannot sign in; enable undoes it', async () => {
    const user = await signUpAndSignIn(t.app);
    const key = await createApiKey(t.app, user);
    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/users/me/', headers });
    expect((await me(user.headers)).statusCode).toBe(200);

    const disabled = await adminPost(t, admin, `/api/admin/users/${user.user.id}/disable/`, {
      reason: 'chargeback fraud',
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabled_at).toBe(t.clock.now().toISOString());

    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me(key.headers)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: user.headers,
      payload: {},
    });
    expect(refresh.statusCode).toBe(401);
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { username: user.username, password: user.password },
      });
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: ADMIN_MESSAGES.accountDisabled, code: 'account_disabled' });
    // A wrong password still gets the usual 401: the disabled state is only told to whoever knows the password.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: user.username, password: 'Wrong-password-1' },
    });
    expect(wrong.statusCode).toBe(401);

    const again = await adminPost(t, admin, `/api/admin/users/${user.user.id}/disable/`, { reason: 'x' });
    expect(again.statusCode).toBe(409);

    const enabled = await adminPost(t, admin, `/api/admin/users/${user.user.id}/enable/`, {
      reason: 'cleared',
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().disabled_at).toBeNull();
    expect((await signIn()).statusCode).toBe(200);
    expect((await me(key.headers)).statusCode).toBe(200);

    const actions = (await auditEntries(t, admin)).filter((e) => e.target_id === user.user.id);
    expect(actions.map((e) => [e.action, e.reason])).toEqual([
      ['user.enable', 'cleared'],
      ['user.disable', 'chargeback fraud'],
    ]);
  });

  it('does not let an administrator disable their own account, and wants a reason', async () => {
    const self = await adminPost(t, admin, `/api/admin/users/${admin.user.id}/disable/`, { reason: 'oops' });
    expect(self.statusCode).toBe(409);
    const user = await signUpAndSignIn(t.app);
    const noReason = await adminPost(t, admin, `/api/admin/users/${user.user.id}/disable/`, {});
    expect(noReason.statusCode).toBe(400);
    expect(
      (await adminGet(t, admin, `/api/admin/users/${user.user.id}/`)).json().user.disabled_at,
    ).toBeNull();
  });
});
