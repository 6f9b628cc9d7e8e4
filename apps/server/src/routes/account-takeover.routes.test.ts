import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmEmailThroughOutbox,
  cookieHeader,
  createApiKey,
  responseCookies,
  signUpAndSignIn,
  TEST_PASSWORD,
  type TestSession,
} from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listOutbox } from '../services/operations/mail.service.ts';

/**
 * Issue 28 item 1: an API key (or a stolen session) cannot take the account. Account management needs a browser
 * session that proved its password in the last 10 minutes; keys carry scopes that never reach it.
 */
describe('account takeover', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Access cookies outlive the clock's jumps here; their own expiry is tested in auth.routes.test.ts.
    t = await buildTestApp({ ACCESS_TOKEN_TTL_SECONDS: '7200' });
  });
  afterAll(() => t.close());

  const ELEVEN_MINUTES = 11 * 60_000;

  it('an API key alone cannot change the e-mail or password, delete the account, mint keys, add webhooks or export data', async () => {
    const s = await signUpAndSignIn(t.app);
    const key = await createApiKey(t.app, s);
    const attempts = [
      { method: 'PATCH', url: '/api/users/me/', payload: { email: 'attacker@example.com' } },
      {
        method: 'POST',
        url: '/api/users/me/password/',
        payload: { current_password: 'x', new_password1: 'Attack123', new_password2: 'Attack123' },
      },
      { method: 'POST', url: '/api/users/me/delete/', payload: { password: 'x', confirm: 'DELETE' } },
      { method: 'POST', url: '/api/auth/keys/', payload: { name: 'more' } },
      { method: 'POST', url: '/api/users/me/api-keys/', payload: { name: 'more' } },
      { method: 'GET', url: '/api/users/me/api-keys/' },
      { method: 'DELETE', url: `/api/auth/keys/${key.id}/` },
      { method: 'POST', url: '/api/webhooks/', payload: { url: 'https://example.com/hook' } },
      { method: 'GET', url: '/api/webhooks/' },
      { method: 'POST', url: '/api/users/me/export/' },
      { method: 'POST', url: '/api/auth/reauthenticate/', payload: { password: TEST_PASSWORD } },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: key.headers });
      expect({ url: attempt.url, status: res.statusCode, code: res.json().code }).toEqual({
        url: attempt.url,
        status: 403,
        code: 'session_required',
      });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: key.headers });
    expect(me.json().user).toMatchObject({ email: s.user.email, pending_email: null });
    expect(await listOutbox(t.deps, 'attacker@example.com')).toEqual([]);
    const keys = await t.app.inject({ method: 'GET', url: '/api/users/me/api-keys/', headers: s.headers });
    expect(keys.json().keys).toHaveLength(1);
  });

  it('a session that has not proved its password for 10 minutes must give it again (403 reauthentication_required)', async () => {
    const s = await signUpAndSignIn(t.app);
    t.clock.advance(ELEVEN_MINUTES);
    const refused = [
      { method: 'POST', url: '/api/users/me/api-keys/', payload: { name: 'k' } },
      { method: 'POST', url: '/api/users/me/api-keys/revoke-all/' },
      { method: 'POST', url: '/api/webhooks/', payload: { url: 'https://example.com/hook' } },
      { method: 'POST', url: '/api/users/me/export/' },
      { method: 'PATCH', url: '/api/users/me/', payload: { email: 'new-address@example.com' } },
    ] as const;
    for (const attempt of refused) {
      const res = await t.app.inject({ ...attempt, headers: s.headers });
      expect({ url: attempt.url, status: res.statusCode, code: res.json().code }).toEqual({
        url: attempt.url,
        status: 403,
        code: 'reauthentication_required',
      });
    }
    // A name is not account security: it changes without the password.
    const name = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/',
      headers: s.headers,
      payload: { name: 'N' },
    });
    expect(name.statusCode).toBe(200);

    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/',
      headers: s.headers,
      payload: { email: 'new-address@example.com', current_password: 'Wrong12345' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().current_password).toEqual(['This password is incorrect.']);
    const withPassword = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/',
      headers: s.headers,
      payload: { email: 'new-address@example.com', current_password: s.password },
    });
    expect(withPassword.statusCode).toBe(200);

    t.clock.advance(ELEVEN_MINUTES);
    const badReauth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reauthenticate/',
      headers: s.headers,
      payload: { password: 'Wrong12345' },
    });
    expect(badReauth.statusCode).toBe(400);
    const reauth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reauthenticate/',
      headers: s.headers,
      payload: { password: s.password },
    });
    expect(reauth.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/api-keys/',
      headers: s.headers,
      payload: { name: 'k' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('the old address gets a link that cancels a change of address within 24 hours and shuts the new owner out', async () => {
    const s = await signUpAndSignIn(t.app);
    const oldEmail = s.user.email;
    const key = await createApiKey(t.app, s);
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/',
      headers: s.headers,
      payload: { email: `taken-over-${s.username}@example.com` },
    });
    expect(change.statusCode).toBe(200);
    await confirmEmailThroughOutbox(t.app, `taken-over-${s.username}@example.com`);
    const mails = await listOutbox(t.deps, oldEmail);
    const notice = mails.at(-1)!;
    expect(notice.subject).toBe('Your Threadcart e-mail address was changed');
    expect(notice.body).toContain(`taken-over-${s.username}@example.com`);
    const token = decodeURIComponent(/\/confirm-email\?token=(\S+)/.exec(notice.body)![1]!);

    const revert = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email/',
      payload: { token },
    });
    expect(revert.statusCode).toBe(200);
    expect(revert.json().purpose).toBe('revert');
    // Every session and key ends; the account has its old address again.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: s.headers })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: key.headers })).statusCode,
    ).toBe(401);
    const again = await signIn(s);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: { cookie: again } });
    expect(me.json().user.email).toBe(oldEmail);
    // Single use.
    const twice = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/', payload: { token } });
    expect(twice.statusCode).toBe(400);
  });

  it('the revert link expires after 24 hours', async () => {
    const s = await signUpAndSignIn(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/',
      headers: s.headers,
      payload: { email: `later-${s.username}@example.com` },
    });
    await confirmEmailThroughOutbox(t.app, `later-${s.username}@example.com`);
    const notice = (await listOutbox(t.deps, s.user.email)).at(-1)!;
    const token = decodeURIComponent(/\/confirm-email\?token=(\S+)/.exec(notice.body)![1]!);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/', payload: { token } });
    expect(late.statusCode).toBe(400);
  });

  it('a password change ends the other sessions and lists the keys, which one call revokes; a reset revokes them', async () => {
    const s = await signUpAndSignIn(t.app);
    const other = await signIn(s);
    const key = await createApiKey(t.app, s, 'script', ['read']);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password/',
      headers: s.headers,
      payload: { current_password: s.password, new_password1: 'Changed123', new_password2: 'Changed123' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().api_keys).toEqual([expect.objectContaining({ id: key.id, scopes: ['read'] })]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: { cookie: other } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: s.headers })).statusCode,
    ).toBe(200);
    const revokeAll = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/api-keys/revoke-all/',
      headers: s.headers,
    });
    expect(revokeAll.json()).toEqual({ detail: '1 API key was revoked.' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: key.headers })).statusCode,
    ).toBe(401);

    // A reset revokes the keys by itself.
    const second = await createApiKey(t.app, s, 'second');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/',
      payload: { email: s.user.email },
    });
    const resetMail = (await listOutbox(t.deps, s.user.email)).at(-1)!;
    const resetToken = decodeURIComponent(/token=(\S+)/.exec(resetMail.body)![1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm/',
      payload: { token: resetToken, password1: 'Reset12345', password2: 'Reset12345' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: second.headers })).statusCode,
    ).toBe(401);
  });

  it('keys carry scopes: read for safe requests, orders for the rest; both by default and listed', async () => {
    const s = await signUpAndSignIn(t.app);
    const both = await createApiKey(t.app, s, 'both');
    const readOnly = await createApiKey(t.app, s, 'read only', ['read']);
    const ordersOnly = await createApiKey(t.app, s, 'orders only', ['orders']);
    const list = await t.app.inject({ method: 'GET', url: '/api/users/me/api-keys/', headers: s.headers });
    expect(list.json().keys.map((k: { scopes: string[] }) => k.scopes)).toEqual([
      ['read', 'orders'],
      ['read'],
      ['orders'],
    ]);

    const read = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/search-queries/list/', headers });
    const place = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/search-queries/create/', headers, payload: {} });
    expect((await read(both.headers)).statusCode).toBe(200);
    expect((await read(readOnly.headers)).statusCode).toBe(200);
    const noRead = await read(ordersOnly.headers);
    expect([noRead.statusCode, noRead.json().code]).toEqual([403, 'insufficient_scope']);
    expect((await place(both.headers)).statusCode).toBe(400);
    const noOrders = await place(readOnly.headers);
    expect([noOrders.statusCode, noOrders.json().detail]).toEqual([
      403,
      'This API key does not have the "orders" scope.',
    ]);
    // The dry run only reads.
    const dryRun = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/preview/',
      headers: readOnly.headers,
      payload: {},
    });
    expect(dryRun.statusCode).not.toBe(403);
    const badScope = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/api-keys/',
      headers: s.headers,
      payload: { name: 'x', scopes: ['admin'] },
    });
    expect(badScope.statusCode).toBe(400);
  });

  /** A second browser session of the same user: its cookie header. */
  async function signIn(s: TestSession): Promise<string> {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: s.username, password: s.password },
    });
    expect(login.statusCode).toBe(200);
    return cookieHeader(responseCookies(login));
  }
});
