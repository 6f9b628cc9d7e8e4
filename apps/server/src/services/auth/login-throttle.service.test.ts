import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@threadcart/contracts';
import { signUpAndSignIn, TEST_PASSWORD } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { blockedUntil, LOGIN_FAILURE_LIMIT } from './login-throttle.service.ts';

describe('blockedUntil', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  it('is null below the limit and lifts when the oldest counted event leaves the window', () => {
    expect(blockedUntil([at(5), at(4)], 3, 15 * 60_000)).toBeNull();
    expect(blockedUntil([at(9), at(7), at(2)], 3, 15 * 60_000)).toEqual(new Date(at(17)));
  });
});

describe('sign-in throttling (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username, password },
      remoteAddress: ip,
    });

  it('blocks a username after 10 failures in 15 minutes, before checking the password, from any IP', async () => {
    const s = await signUpAndSignIn(t.app);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      t.clock.advance(30_000);
      const res = await login(s.username.toUpperCase(), 'Wrong12345', `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(s.username, TEST_PASSWORD, '198.51.100.200');
    expect(blocked.statusCode).toBe(429);
    // The first failure was 4.5 minutes ago, so 10.5 minutes remain: "11 minutes".
    expect(blocked.headers['retry-after']).toBe(String(10.5 * 60));
    expect(blocked.json().detail).toBe(API_MESSAGES.tooManyAttempts(11));
    expect(blocked.json().detail).toBe('Too many attempts. Try again in 11 minutes.');

    t.clock.advance(10.5 * 60_000);
    expect((await login(s.username, TEST_PASSWORD, '198.51.100.200')).statusCode).toBe(200);
  });

  it('blocks an IP address after 10 failures across usernames', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      expect((await login(`nobody_${i}`, 'Wrong12345', ip)).statusCode).toBe(401);
    }
    const s = await signUpAndSignIn(t.app);
    const blocked = await login(s.username, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    expect(blocked.json().detail).toBe('Too many attempts. Try again in 15 minutes.');
    expect((await login(s.username, TEST_PASSWORD, '192.0.2.78')).statusCode).toBe(200);
  });
});
