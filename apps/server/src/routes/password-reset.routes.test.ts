import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES as M } from '@threadcart/contracts';
import { signUpAndSignIn, TEST_PASSWORD } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listOutbox } from '../services/operations/mail.service.ts';
import { RESET_MESSAGES } from '../services/auth/password-reset.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ APP_URL: 'https://threadcart.example' });
});
afterAll(() => t.close());

let ipCounter = 0;
const requestReset = (email: string, ip = `198.51.100.${(ipCounter += 1)}`) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/', payload: { email }, remoteAddress: ip });
const confirm = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm/', payload });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token/', payload: { username, password } });

async function mailedToken(email: string): Promise<string> {
  const mails = await listOutbox(t.deps, email);
  const link = /https:\/\/threadcart\.example\/reset-password\?token=(\S+)/.exec(mails.at(-1)!.body);
  return decodeURIComponent(link![1]!);
}

describe('password reset', () => {
  it('mails a link to an existing account and answers the same for an unknown e-mail', async () => {
    const s = await signUpAndSignIn(t.app);
    const known = await requestReset(s.user.email.toUpperCase());
    const unknown = await requestReset('nobody@example.com');
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: RESET_MESSAGES.requested });
    }
    const mails = (await listOutbox(t.deps, s.user.email)).filter((m) => m.subject.startsWith('Reset'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Threadcart password');
    expect(await listOutbox(t.deps, 'nobody@example.com')).toEqual([]);
  });

  it('refuses a malformed e-mail', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [M.emailInvalid] });
  });

  it('sets the new password once, revokes every session, and applies docs/product.md §3.8', async () => {
    const s = await signUpAndSignIn(t.app);
    await requestReset(s.user.email);
    const token = await mailedToken(s.user.email);

    const weak = await confirm({ token, password1: 'short', password2: 'other' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      password: [M.passwordTooShort, M.passwordWeak],
      password_confirm: [M.passwordsMustMatch],
    });

    const ok = await confirm({ token, password1: 'NewSecret9', password2: 'NewSecret9' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: RESET_MESSAGES.done });

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: s.headers });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: s.headers,
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login(s.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(s.username, 'NewSecret9')).statusCode).toBe(200);

    const again = await confirm({ token, password1: 'Another99', password2: 'Another99' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [RESET_MESSAGES.invalidToken] });
  });

  it('refuses an expired or unknown token', async () => {
    const s = await signUpAndSignIn(t.app);
    await requestReset(s.user.email);
    const token = await mailedToken(s.user.email);
    t.clock.advance(60 * 60_000 + 1);
    for (const body of [{ token }, { token: 'made-up' }, {}]) {
      const res = await confirm({ ...body, password1: 'NewSecret9', password2: 'NewSecret9' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ token: [RESET_MESSAGES.invalidToken] });
    }
  });

  it('throttles requests per e-mail, whether or not it has an account, and per IP', async () => {
    for (const email of ['throttled@example.com', (await signUpAndSignIn(t.app)).user.email]) {
      for (let i = 0; i < 5; i += 1) expect((await requestReset(email)).statusCode).toBe(200);
      const res = await requestReset(email);
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toBe('Too many attempts. Try again in 60 minutes.');
      expect(res.headers['retry-after']).toBe('3600');
    }
    for (let i = 0; i < 20; i += 1)
      expect((await requestReset(`ip${i}@example.com`, '192.0.2.9')).statusCode).toBe(200);
    expect((await requestReset('fresh@example.com', '192.0.2.9')).statusCode).toBe(429);
    t.clock.advance(60 * 60_000);
    expect((await requestReset('fresh@example.com', '192.0.2.9')).statusCode).toBe(200);
  });
});
