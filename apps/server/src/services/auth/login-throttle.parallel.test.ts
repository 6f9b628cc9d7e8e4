import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { ACCOUNT_FRESH_ADDRESS_CEILING, LOGIN_FAILURE_LIMIT } from './login-throttle.service.ts';

/**
 * Issue 18 item 1: the throttle records each attempt and decides in one locked transaction before argon2 runs, so a
 * burst of parallel guesses is refused after the 10th failure just like a sequence of them.
 */
describe('sign-in throttle under parallel attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username, password },
      remoteAddress: ip,
    });

  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('lets exactly 30 of 100 parallel guesses from 100 addresses reach the password check, then slows the rest', async () => {
    const s = await signUpAndSignIn(t.app, { ip: '203.0.113.250' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(s.username, `Wrong${i}xyz1`, `198.51.100.${i + 1}`)),
    );
    const statuses = answers.map((r) => r.statusCode);
    // Fresh addresses are not slowed until the account has ACCOUNT_FRESH_ADDRESS_CEILING failures (issue 28 item 5).
    expect(count(statuses, 401)).toBe(ACCOUNT_FRESH_ADDRESS_CEILING);
    expect(count(statuses, 429)).toBe(100 - ACCOUNT_FRESH_ADDRESS_CEILING);
    const failures = await t.deps.db
      .selectFrom('login_failures')
      .select('id')
      .where('username_key', '=', s.username.toLowerCase())
      .execute();
    expect(failures).toHaveLength(ACCOUNT_FRESH_ADDRESS_CEILING);
    // The owner's own device still signs in.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: s.username, password: s.password },
      remoteAddress: '198.51.100.200',
      headers: { cookie: `tc_device=${s.cookies.tc_device}` },
    });
    expect(owner.statusCode).toBe(200);
  }, 120_000);

  it('refuses 50 parallel failures from one address after the 10th', async () => {
    const ip = '192.0.2.150';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`nobody_parallel_${i}`, 'Wrong12345', ip)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(LOGIN_FAILURE_LIMIT);
    expect(count(statuses, 429)).toBe(50 - LOGIN_FAILURE_LIMIT);
  }, 120_000);

  it('does not count a successful sign-in as a failure', async () => {
    const ip = '192.0.2.151';
    const s = await signUpAndSignIn(t.app, { ip });
    for (let i = 0; i <= LOGIN_FAILURE_LIMIT; i += 1)
      expect((await login(s.username, s.password, ip)).statusCode).toBe(200);
    const rows = await t.deps.db.selectFrom('login_failures').select('id').where('ip', '=', ip).execute();
    expect(rows).toEqual([]);
  });
});
