import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@threadcart/contracts';
import { createApiKey, signUpAndSignIn } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('GET /api/users/me/credits/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('shows the balance and the lots with their expiry', async () => {
    const s = await signUpAndSignIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/credits/', headers: s.headers });
    expect(res.statusCode).toBe(200);
    const expiresAt = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();
    expect(res.json()).toEqual({
      credits: 1000,
      lots: [
        {
          id: expect.any(String),
          credits_granted: 1000,
          credits_left: 1000,
          created_at: t.clock.now().toISOString(),
          expires_at: expiresAt,
          expires_soon: false,
          source: 'signup_gift',
        },
      ],
      expiring_soon_credits: 0,
    });
  });

  it('shows no credits once the gift has expired', async () => {
    const key = await createApiKey(t.app, await signUpAndSignIn(t.app));
    t.clock.advance(31 * 86_400_000);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/credits/', headers: key.headers });
    expect(res.json()).toEqual({ credits: 0, lots: [], expiring_soon_credits: 0 });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: key.headers });
    expect(me.json().user.credits).toBe(0);
  });

  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/credits/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: API_MESSAGES.notAuthenticated, code: 'not_authenticated' });
  });
});
