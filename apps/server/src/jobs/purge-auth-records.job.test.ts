import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { purgeAuthRecordsJob } from './purge-auth-records.job.ts';
import { PERIODIC_JOBS } from './registry.ts';

describe('purge-auth-records job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const count = async (table: 'login_failures' | 'password_reset_requests' | 'refresh_tokens') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is scheduled, and deletes a day-old failures and reset requests and expired refresh tokens', async () => {
    expect(PERIODIC_JOBS).toContain(purgeAuthRecordsJob);
    const s = await signUpAndSignIn(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: s.username, password: 'x' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/',
      payload: { email: s.user.email },
    });
    await purgeAuthRecordsJob.run(t.deps);
    expect([
      await count('login_failures'),
      await count('password_reset_requests'),
      await count('refresh_tokens'),
    ]).toEqual([1, 1, 1]);
    t.clock.advance(15 * 86_400_000);
    await purgeAuthRecordsJob.run(t.deps);
    expect([
      await count('login_failures'),
      await count('password_reset_requests'),
      await count('refresh_tokens'),
    ]).toEqual([0, 0, 0]);
  });
});
