import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  responseCookies,
  sessionHeaders,
  signUpAndSignIn,
  type TestSession,
} from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { REFRESH_REUSE_GRACE_MS } from './sessions.service.ts';

// Issue 28 item 9: two tabs refreshing at once no longer sign the user out. Within a few seconds of its rotation a
// refresh token returns the pair it was rotated into; later, or once that pair was used, a reuse revokes the family.

describe(`refresh-token grace window (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const refresh = (s: TestSession, cookies: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: sessionHeaders(cookies, s.csrfToken),
    });
  const me = (s: TestSession, cookies: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/users/me/', headers: sessionHeaders(cookies, s.csrfToken) });

  it('answers five parallel refreshes of one token with one new pair, and the session lives on', async () => {
    const s = await signUpAndSignIn(t.app);
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(s, s.cookies)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const refreshTokens = new Set(results.map((r) => responseCookies(r).tc_refresh));
    expect(refreshTokens.size).toBe(1);
    const rotated = { ...s.cookies, ...responseCookies(results[0]!) };
    expect((await me(s, rotated)).statusCode).toBe(200);
    // The next rotation goes on from the shared pair.
    const next = await refresh(s, rotated);
    expect(next.statusCode).toBe(200);
  });

  it('gives a second tab the same pair a few seconds later, but not after the grace window', async () => {
    const s = await signUpAndSignIn(t.app);
    const first = await refresh(s, s.cookies);
    t.clock.advance(REFRESH_REUSE_GRACE_MS - 2_000);
    const second = await refresh(s, s.cookies);
    expect(second.statusCode).toBe(200);
    expect(responseCookies(second).tc_refresh).toBe(responseCookies(first).tc_refresh);

    t.clock.advance(3_000);
    const late = await refresh(s, s.cookies);
    expect(late.statusCode).toBe(401);
    // Theft: the family is revoked, the rotated pair with it.
    expect((await me(s, { ...s.cookies, ...responseCookies(first) })).statusCode).toBe(401);
  });

  it('revokes the family when the old token comes back after its successor was itself used', async () => {
    const s = await signUpAndSignIn(t.app);
    const first = await refresh(s, s.cookies);
    const rotated = { ...s.cookies, ...responseCookies(first) };
    expect((await refresh(s, rotated)).statusCode).toBe(200);
    const stale = await refresh(s, s.cookies);
    expect(stale.statusCode).toBe(401);
  });
});
