import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { listOutbox } from '../services/operations/mail.service.ts';
import { purgeRemovalRequestsJob } from './purge-removal-requests.job.ts';
import { PERIODIC_JOBS } from './registry.ts';

describe(`purge-removal-requests job (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const request = async (email: string) => {
    const res = await post('/api/removal-requests/', {
      usernames: ['someone_else'],
      email,
      statement: 'Please remove me.',
    });
    expect(res.statusCode, res.body).toBe(202);
  };
  const stored = async () =>
    (
      await t.deps.db.selectFrom('removal_requests').select(['email', 'status']).orderBy('email').execute()
    ).map((row) => `${row.email} ${row.status}`);

  it('is scheduled', () => {
    expect(PERIODIC_JOBS).toContain(purgeRemovalRequestsJob);
  });

  it('deletes requests whose link expired unconfirmed, and keeps confirmed ones and live links', async () => {
    await request('confirmed@example.com');
    await request('forgotten@example.com');
    const mail = (await listOutbox(t.deps, 'confirmed@example.com')).at(-1)!;
    const token = decodeURIComponent(/\/removal\/confirm\?token=([^\s]+)/.exec(mail.body)![1]!);
    expect((await post('/api/removal-requests/confirm/', { token })).statusCode).toBe(200);

    t.clock.advance(6 * 86_400_000);
    await request('recent@example.com');
    await purgeRemovalRequestsJob.run(t.deps);
    expect(await stored()).toEqual([
      'confirmed@example.com pending',
      'forgotten@example.com unconfirmed',
      'recent@example.com unconfirmed',
    ]);

    // Seven days after it was made, the forgotten request's link has expired: it goes, with its address.
    t.clock.advance(86_400_000 + 1000);
    await purgeRemovalRequestsJob.run(t.deps);
    expect(await stored()).toEqual(['confirmed@example.com pending', 'recent@example.com unconfirmed']);
  });
});
