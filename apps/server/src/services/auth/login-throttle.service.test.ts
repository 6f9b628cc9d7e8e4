import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@threadcart/contracts';
import { signUpAndSignIn, TEST_PASSWORD } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  ACCOUNT_DELAY_FREE_FAILURES,
  ACCOUNT_DELAY_MAX_MS,
  ACCOUNT_FRESH_ADDRESS_CEILING,
  accountDelayMs,
  blockedUntil,
  LOGIN_FAILURE_LIMIT,
} from './login-throttle.service.ts';

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
  const loginFrom = (username: string, password: string, ip: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username, password },
      remoteAddress: ip,
      headers: { cookie },
    });

  it('does not lock the owner out: 10 guesses from 10 addresses, then the right password from a fresh address is 200 (issue 28 item 5)', async () => {
    const s = await signUpAndSignIn(t.app);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      t.clock.advance(30_000);
      const res = await login(s.username.toUpperCase(), 'Wrong12345', `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    expect((await login(s.username, TEST_PASSWORD, '198.51.100.200')).statusCode).toBe(200);
  });

  it('slows guesses from an address that failed with a growing delay, not a lockout', async () => {
    const s = await signUpAndSignIn(t.app);
    const ip = '198.51.101.9';
    for (let i = 0; i < ACCOUNT_DELAY_FREE_FAILURES; i += 1) {
      expect((await login(s.username, 'Wrong12345', ip)).statusCode).toBe(401);
    }
    // 3 failures: the next guess waits 1 s, then 2 s, then 4 s after each failure.
    for (const seconds of [1, 2, 4]) {
      const slowed = await login(s.username, 'Wrong12345', ip);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.headers['retry-after']).toBe(String(seconds));
      expect(slowed.json().detail).toBe(API_MESSAGES.tooManyAttempts(1));
      t.clock.advance(seconds * 1000);
      expect((await login(s.username, 'Wrong12345', ip)).statusCode).toBe(401);
    }
    expect(accountDelayMs(20)).toBe(ACCOUNT_DELAY_MAX_MS);
    // The owner on that address waits too, unless signing in from a device used before.
    expect((await login(s.username, TEST_PASSWORD, ip)).statusCode).toBe(429);
    const device = s.cookies.tc_device!;
    expect(device).toBeTruthy();
    const trusted = await loginFrom(s.username, TEST_PASSWORD, ip, `tc_device=${device}`);
    expect(trusted.statusCode).toBe(200);
    // A device cookie not signed by the server, or signed for another user, is no help.
    const other = await signUpAndSignIn(t.app);
    for (const cookie of [`tc_device=${device.slice(0, -2)}xx`, `tc_device=${other.cookies.tc_device}`]) {
      expect((await loginFrom(s.username, TEST_PASSWORD, ip, cookie)).statusCode).toBe(429);
    }
  });

  it(`slows even fresh addresses once the account has ${ACCOUNT_FRESH_ADDRESS_CEILING} failures; a known device still signs in`, async () => {
    const s = await signUpAndSignIn(t.app);
    for (let i = 0; i < ACCOUNT_FRESH_ADDRESS_CEILING; i += 1) {
      expect((await login(s.username, 'Wrong12345', `10.9.${i}.1`)).statusCode).toBe(401);
    }
    expect((await login(s.username, TEST_PASSWORD, '10.10.0.1')).statusCode).toBe(429);
    const trusted = await loginFrom(
      s.username,
      TEST_PASSWORD,
      '10.10.0.1',
      `tc_device=${s.cookies.tc_device}`,
    );
    expect(trusted.statusCode).toBe(200);
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
