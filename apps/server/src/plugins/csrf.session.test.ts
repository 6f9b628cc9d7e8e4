import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@threadcart/contracts';
import { cookieHeader, responseCookies, TEST_PASSWORD } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/** Issue 18 item 5: a CSRF token is bound to its session (refresh family) and cross-site requests are refused. */
describe('CSRF tokens bound to the session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  let counter = 0;
  /** A browser's sign-up, sign-in and CSRF fetch, done by hand: the cookie jar after each step. */
  async function browserSession() {
    counter += 1;
    const username = `csrf_user_${counter}`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: {
        username,
        email: `${username}@example.com`,
        password1: TEST_PASSWORD,
        password2: TEST_PASSWORD,
      },
    });
    expect(signup.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const afterLogin = responseCookies(login);
    const csrf = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf/',
      headers: { cookie: cookieHeader(afterLogin) },
    });
    const token = (csrf.json() as { csrfToken: string }).csrfToken;
    const cookies: Record<string, string> = { ...afterLogin, ...responseCookies(csrf), csrftoken: token };
    return { afterLogin, cookies, token };
  }

  const createKey = (cookies: Record<string, string>, token: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/keys/',
      headers: { cookie: cookieHeader(cookies), 'x-csrftoken': token, ...extra },
      payload: { name: 'k' },
    });

  it("refuses a validly signed token from another session, and accepts the session's own", async () => {
    const a = await browserSession();
    const b = await browserSession();
    const stolen = await createKey({ ...b.cookies, csrftoken: a.token }, a.token);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().detail).toBe(API_MESSAGES.csrfFailed);
    expect((await createKey(b.cookies, b.token)).statusCode).toBe(201);
    expect((await createKey(a.cookies, a.token)).statusCode).toBe(201);
  });

  it('refuses a token fetched before signing in once a session exists', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/csrf/' });
    const token = (anonymous.json() as { csrfToken: string }).csrfToken;
    const s = await browserSession();
    const res = await createKey({ ...s.afterLogin, csrftoken: token }, token);
    expect(res.statusCode).toBe(403);
  });

  it('sets a token bound to the new session on sign-in, so the next unsafe call needs no extra round trip', async () => {
    const s = await browserSession();
    const fromLogin = s.afterLogin.csrftoken;
    expect(fromLogin).toBeTruthy();
    expect((await createKey(s.afterLogin, fromLogin!)).statusCode).toBe(201);
    // GET /api/auth/csrf/ keeps a token that is valid for this session.
    expect(s.token).toBe(fromLogin);
  });

  it('binds the refresh call through the refresh cookie when the access cookie has expired', async () => {
    const s = await browserSession();
    const { tc_access: _expired, ...withoutAccess } = s.cookies;
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: { cookie: cookieHeader(withoutAccess), 'x-csrftoken': s.token },
    });
    expect(refresh.statusCode).toBe(200);
    // The rotated session is the same family: the token still works.
    const rotated = { ...s.cookies, ...responseCookies(refresh) };
    expect((await createKey(rotated, s.token)).statusCode).toBe(201);
    const other = await browserSession();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: {
        cookie: cookieHeader({ ...withoutAccess, tc_refresh: rotated.tc_refresh!, csrftoken: other.token }),
        'x-csrftoken': other.token,
      },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses unsafe cookie requests that the browser marks cross-site or that come from a foreign origin', async () => {
    const s = await browserSession();
    for (const extra of [
      { 'sec-fetch-site': 'cross-site' } as Record<string, string>,
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      const res = await createKey(s.cookies, s.token, extra);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Cross-site requests are not allowed.', code: 'cross_site' });
    }
    // Sign-in is exempt from the token but not from the origin check when a session cookie rides along.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      headers: { cookie: cookieHeader(s.cookies), 'sec-fetch-site': 'cross-site' },
      payload: { username: 'nobody', password: 'x' },
    });
    expect(login.statusCode).toBe(403);
    for (const extra of [
      { 'sec-fetch-site': 'same-origin', origin: t.deps.config.appUrl } as Record<string, string>,
      { origin: 'http://localhost:5173', host: 'localhost:5173' },
      {},
    ]) {
      expect((await createKey(s.cookies, s.token, extra)).statusCode).toBe(201);
    }
    // An API key is not a cookie: no origin check, no token.
    const key = (await createKey(s.cookies, s.token)).json() as { key: string };
    const viaKey = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: { authorization: `Token ${key.key}`, 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    // Past the origin check to the body's validation (a key cannot make keys: issue 28).
    expect(viaKey.statusCode).toBe(400);
  });
});
