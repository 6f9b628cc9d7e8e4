import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, TEST_PASSWORD } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { newId } from '../lib/ids.ts';
import { purgeDeletedAccountsJob } from './purge-deleted-accounts.job.ts';
import { PERIODIC_JOBS } from './registry.ts';

const DAY_MS = 86_400_000;

describe(`purge-deleted-accounts job (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const insertPayment = async (userId: string, createdAt: Date) => {
    const id = newId(createdAt.getTime());
    const at = createdAt.toISOString();
    await t.deps.db
      .insertInto('payments')
      .values({
        id,
        user_id: userId,
        provider: 'simulated',
        provider_order_id: `SIM-${id}`,
        kind: 'custom',
        package_id: null,
        credits: 1000,
        amount_cents: 100,
        currency: 'USD',
        status: 'completed',
        capture_attempt: 1,
        capture_id: `CAP-${id}`,
        lot_id: null,
        payer_id: 'PAYER123',
        last_issue: null,
        credited_at: at,
        created_at: at,
        updated_at: at,
        personal_data_removed_at: null,
      })
      .execute();
    return id;
  };
  const userRow = (id: string) =>
    t.deps.db.selectFrom('users').select(['id']).where('id', '=', id).executeTakeFirst();
  const paymentIds = async (userId: string) =>
    (
      await t.deps.db
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);

  it('is scheduled, removes an account 365 days after its deletion and keeps its payments for 7 years', async () => {
    expect(PERIODIC_JOBS).toContain(purgeDeletedAccountsJob);
    const gone = await signUpAndSignIn(t.app);
    const active = await signUpAndSignIn(t.app);
    const payment = await insertPayment(gone.user.id, t.clock.now());
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/delete/',
      headers: gone.headers,
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(204);

    t.clock.advance(364 * DAY_MS);
    await purgeDeletedAccountsJob.run(t.deps);
    expect(await userRow(gone.user.id)).toBeDefined();

    t.clock.advance(2 * DAY_MS);
    await purgeDeletedAccountsJob.run(t.deps);
    expect(await userRow(gone.user.id)).toBeUndefined();
    const lots = await t.deps.db
      .selectFrom('credit_lots')
      .select('id')
      .where('user_id', '=', gone.user.id)
      .execute();
    expect(lots).toEqual([]);
    expect(await userRow(active.user.id)).toBeDefined();
    expect(await paymentIds(gone.user.id)).toEqual([payment]);

    // Seven years after it was made, the payment record goes too.
    t.clock.advance((7 * 366 - 366) * DAY_MS);
    await purgeDeletedAccountsJob.run(t.deps);
    expect(await paymentIds(gone.user.id)).toEqual([]);
  });

  it('keeps a payment younger than 7 years of an active account', async () => {
    const s = await signUpAndSignIn(t.app);
    const now = t.clock.now();
    const old = new Date(now);
    old.setUTCFullYear(old.getUTCFullYear() - 7);
    const expired = await insertPayment(s.user.id, new Date(old.getTime() - DAY_MS));
    const recent = await insertPayment(s.user.id, new Date(old.getTime() + DAY_MS));
    await purgeDeletedAccountsJob.run(t.deps);
    expect(await paymentIds(s.user.id)).toEqual([recent]);
    expect(expired).not.toBe(recent);
    expect(await userRow(s.user.id)).toBeDefined();
  });
});
