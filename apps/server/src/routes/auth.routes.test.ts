import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, SIGNUP_MESSAGES as M } from '@threadcart/contracts';
import {
  confirmEmailThroughOutbox,
  responseCookies,
  sessionHeaders,
  signUpAndSignIn,
  TEST_PASSWORD,
} from '../../test/auth-helpers.ts';
import { rememberDeps } from '../../test/app-deps.ts';
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts';
import { buildApp } from '../app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const valid = {
  username: 'alice_1',
  email: 'alice@example.com',
  password1: 'Secret123',
  password2: 'Secret123',
};
const signup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/signup/', payload });
const login = (payload: object, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const setCookie = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat(res.headers['set-cookie'] as string[]);

describe('POST /api/auth/signup/', () => {
  it.each([
    [{ username: '' }, { username: [M.usernameRequired] }],
    [{ username: 'ab' }, { username: [M.usernameTooShort] }],
    [{ username: 'a'.repeat(31) }, { username: [M.usernameTooLong] }],
    [{ username: 'bad name!' }, { username: [M.usernameCharacters] }],
    [{ email: '' }, { email: [M.emailRequired] }],
    [{ email: 'not-an-email' }, { email: [M.emailInvalid] }],
    [{ password1: '' }, { password: [M.passwordRequired], password_confirm: [M.passwordsMustMatch] }],
    [{ password1: 'Ab1', password2: 'Ab1' }, { password: [M.passwordTooShort] }],
    [{ password1: 'alllowercase1', password2: 'alllowercase1' }, { password: [M.passwordWeak] }],
    [{ password1: 'short', password2: 'short' }, { password: [M.passwordTooShort, M.passwordWeak] }],
    [{ password2: '' }, { password_confirm: [M.passwordConfirmRequired] }],
    [{ password2: 'Different123' }, { password_confirm: [M.passwordsMustMatch] }],
  ])('%j → 400 %j', async (patch, expected) => {
    const res = await signup({ ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expected);
  });

  it('reports every failing field at once, and a missing field like an empty one', async () => {
    const res = await signup({ username: 'x!' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'password', 'password_confirm', 'username']);
  });

  it('creates the user (201, no session); the 1,000-credit gift comes with the confirmed address', async () => {
    const res = await signup({ ...valid, name: 'alice_1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      username: 'alice_1',
      email: 'alice@example.com',
      name: 'alice_1',
      credits: 0,
      email_confirmed: false,
      pending_email: null,
    });
    expect(res.json().user.date_joined).toBe(t.clock.now().toISOString());
    expect(res.headers['set-cookie']).toBeUndefined();
    // Decision 020 (the rest is in email-confirmation.test.ts).
    await confirmEmailThroughOutbox(t.app, 'alice@example.com');
  });

  it('refuses a username taken in another case, and a taken e-mail', async () => {
    const res = await signup({ ...valid, username: 'ALICE_1', email: 'ALICE@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: [M.usernameTaken], email: [M.emailTaken] });
  });

  it('gives one 201 and 400s, never a 500, to concurrent sign-ups with the same name', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => signup({ ...valid, username: 'racer', email: `racer${i}@example.com` })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json()).toEqual({ username: [M.usernameTaken] });
    }
  });
});

describe('sign-in, current user, refresh, logout', () => {
  it('signs in by username in any case and sets httpOnly Lax cookies', async () => {
    const res = await login({ username: 'Alice_1', password: 'Secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'alice_1', credits: 1000 });
    const [access, refresh] = ['tc_access', 'tc_refresh'].map((n) =>
      setCookie(res).find((c) => c.startsWith(`${n}=`))!,
    );
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/SameSite=Lax/);
    expect(access).toMatch(/Path=\/;/);
    expect(access).toMatch(/Max-Age=900/);
    expect(access).not.toMatch(/Secure/);
    expect(refresh).toMatch(/Path=\/api\/auth\//);
    expect(refresh).toMatch(/HttpOnly/);
  });

  it('answers wrong credentials with the 401 of the contract', async () => {
    for (const body of [
      { username: 'alice_1', password: 'Wrong1234' },
      { username: 'nobody', password: 'Secret123' },
    ]) {
      const res = await login(body, '10.0.0.9');
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(API_MESSAGES.invalidCredentials);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('asks for both fields', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['Username is required'], password: ['Password is required'] });
  });

  it('shows the signed-in user with 1,000 credits, and 401 when signed out', async () => {
    const s = await signUpAndSignIn(t.app);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: { cookie: s.headers.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual({ ...s.user, credits: 1000 });
    const anon = await t.app.inject({ method: 'GET', url: '/api/users/me/' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().detail).toBe(API_MESSAGES.notAuthenticated);
  });

  it('expires the access token, refreshes with rotation and detects refresh-token reuse', async () => {
    const s = await signUpAndSignIn(t.app);
    t.clock.advance(16 * 60_000);
    const expired = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: s.headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: API_MESSAGES.tokenInvalid, code: 'token_not_valid' });

    const refresh = (cookies: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/token/refresh/',
        headers: sessionHeaders(cookies, s.csrfToken),
      });
    const first = await refresh(s.cookies);
    expect(first.statusCode).toBe(200);
    expect(first.json().user.username).toBe(s.username);
    const rotated = { ...s.cookies, ...responseCookies(first) };
    expect(rotated.tc_refresh).not.toBe(s.cookies.tc_refresh);
    expect(rotated.tc_access).not.toBe(s.cookies.tc_access);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: sessionHeaders(rotated, s.csrfToken),
    });
    expect(me.statusCode).toBe(200);

    // Past the grace window another tab's refresh has (issue 28 item 9), a reuse is theft.
    t.clock.advance(11_000);
    const reuse = await refresh(s.cookies);
    expect(reuse.statusCode).toBe(401);
    expect(responseCookies(reuse)).toMatchObject({ tc_access: '', tc_refresh: '' });
    // The whole family is revoked: the rotated tokens die too, the access token at once.
    expect((await refresh(rotated)).statusCode).toBe(401);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: sessionHeaders(rotated, s.csrfToken),
    });
    expect(after.statusCode).toBe(401);
  });

  it('gives two concurrent refreshes with the same token the same new pair (issue 28 item 9)', async () => {
    const s = await signUpAndSignIn(t.app);
    const refresh = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', headers: s.headers });
    const results = await Promise.all([refresh(), refresh()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => responseCookies(r));
    expect(a!.tc_refresh).toBe(b!.tc_refresh);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: sessionHeaders({ ...s.cookies, ...a }, s.csrfToken),
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a refresh without a cookie, with a forged one and with an expired one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/' })).statusCode).toBe(401);
    const s = await signUpAndSignIn(t.app);
    const forged = { ...s.cookies, tc_refresh: `${s.cookies.tc_refresh!.split('.')[0]}.forged` };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: sessionHeaders(forged, s.csrfToken),
    });
    expect(res.statusCode).toBe(401);
    // The forged attempt did not burn the real token.
    t.clock.advance(15 * 86_400_000);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', headers: s.headers });
    expect(late.statusCode).toBe(401);
  });

  it('logs out: cookies cleared, the access token dead at once; also fine when signed out', async () => {
    const s = await signUpAndSignIn(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Logged out.' });
    expect(responseCookies(res)).toMatchObject({ tc_access: '', tc_refresh: '' });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: s.headers });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: s.headers,
    });
    expect(refresh.statusCode).toBe(401);
    const anon = await t.app.inject({ method: 'POST', url: '/api/auth/logout/' });
    expect(anon.statusCode).toBe(200);
  });
});

describe('CSRF', () => {
  it('hands out a signed token in a readable cookie and keeps a valid one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf/' });
    const token = res.json().csrfToken as string;
    const cookie = setCookie(res).find((c) => c.startsWith('csrftoken='))!;
    expect(cookie).toContain(`csrftoken=${token}`);
    expect(cookie).not.toMatch(/HttpOnly/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf/',
      headers: { cookie: `csrftoken=${token}` },
    });
    expect(again.json().csrfToken).toBe(token);
  });

  it('refuses a cookie-authenticated unsafe request without a matching, signed token', async () => {
    const s = await signUpAndSignIn(t.app);
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/keys/', headers, payload: { name: 'k' } });
    const unsigned = 'abc.def';
    for (const headers of [
      { cookie: s.headers.cookie },
      { ...s.headers, 'x-csrftoken': 'wrong' },
      {
        cookie: sessionHeaders({ ...s.cookies, csrftoken: unsigned }, unsigned).cookie,
        'x-csrftoken': unsigned,
      },
      {
        cookie: sessionHeaders({ ...s.cookies, csrftoken: '' }, s.csrfToken).cookie,
        'x-csrftoken': s.csrfToken,
      },
    ]) {
      const res = await post(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(API_MESSAGES.csrfFailed);
    }
    // Another Authorization scheme does not switch cookie authentication off.
    expect((await post({ cookie: s.headers.cookie, authorization: 'Bearer x' })).statusCode).toBe(403);
    expect((await post(s.headers)).statusCode).toBe(201);
  });

  it('leaves non-API paths alone (they never authenticate by cookie)', async () => {
    const s = await signUpAndSignIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sim/approve/x',
      headers: { cookie: s.headers.cookie },
    });
    expect(res.statusCode).toBe(404);
  });

  it('exempts sign-in but only for JSON bodies', async () => {
    const s = await signUpAndSignIn(t.app);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      headers: { cookie: s.headers.cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify({ username: s.username, password: TEST_PASSWORD }),
    });
    expect(form.statusCode).toBe(415);
    const json = await login({ username: s.username, password: TEST_PASSWORD });
    expect(json.statusCode).toBe(200);
  });
});

describe('secure cookies', () => {
  it('marks cookies Secure when APP_URL is https', async () => {
    const config = testConfig({ DATABASE_URL: t.database.url, APP_URL: 'https://threadcart.example' });
    const secure = await buildApp({ ...t.deps, config });
    rememberDeps(secure, t.deps);
    try {
      const s = await signUpAndSignIn(secure);
      const res = await secure.inject({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { username: s.username, password: TEST_PASSWORD },
      });
      // tc_access, tc_refresh, the device cookie (issue 28) and the csrftoken bound to the new session.
      expect(setCookie(res)).toHaveLength(4);
      for (const c of setCookie(res)) expect(c).toMatch(/; Secure/);
      const csrf = await secure.inject({ method: 'GET', url: '/api/auth/csrf/' });
      expect(setCookie(csrf)[0]).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
