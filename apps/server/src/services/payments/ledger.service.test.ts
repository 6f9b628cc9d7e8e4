import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import { listLedgerEntries, sumLedgerAndLots } from '../../db/repositories/payments/credits.repository.ts';
import { addDays } from '../../lib/clock.ts';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../test/test-database.ts';
import {
  clawbackLotCredits,
  expireCredits,
  getBalance,
  grantCredits,
  grantSignupGift,
  InsufficientCreditsError,
  listActiveLots,
  releaseReservation,
  reserveCredits,
  settleReservation,
} from './ledger.service.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');

describe(`credit ledger (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function expectConsistent(userId: string) {
    const sums = await sumLedgerAndLots(database.db, userId);
    expect(sums.ledger).toBe(sums.lots);
    expect(sums.lots).toBeGreaterThanOrEqual(0);
  }

  it('grants the sign-up gift once, for 30 days', async () => {
    const user = await insertTestUser(database.db);
    await grantSignupGift(database.db, user.id, NOW);
    await grantSignupGift(database.db, user.id, NOW);
    expect(await getBalance(database.db, user.id, NOW)).toBe(1000);
    expect(await listActiveLots(database.db, user.id, NOW)).toEqual([
      { credits_left: 1000, expires_at: addDays(NOW, 30).toISOString(), source: 'signup_gift' },
    ]);
    await expectConsistent(user.id);
  });

  it('spends from the lot that expires first and refunds what was not delivered', async () => {
    const user = await insertTestUser(database.db);
    const late = await grantCredits(database.db, {
      userId: user.id,
      credits: 500,
      source: 'purchase',
      sourceRef: 'cap-late',
      expiresAt: addDays(NOW, 60),
      now: NOW,
    });
    const early = await grantCredits(database.db, {
      userId: user.id,
      credits: 300,
      source: 'purchase',
      sourceRef: 'cap-early',
      expiresAt: addDays(NOW, 7),
      now: NOW,
    });
    const { reservationId } = await reserveCredits(database.db, { userId: user.id, amount: 600, now: NOW });
    expect(await getBalance(database.db, user.id, NOW)).toBe(200);
    expect(await listActiveLots(database.db, user.id, NOW)).toEqual([
      { credits_left: 200, expires_at: addDays(NOW, 60).toISOString(), source: 'purchase' },
    ]);

    // 240 delivered: the early lot pays 240 of its 300; everything else goes back.
    expect(await settleReservation(database.db, { reservationId, creditsUsed: 240, now: NOW })).toBe(true);
    expect(await settleReservation(database.db, { reservationId, creditsUsed: 240, now: NOW })).toBe(false);
    expect(await getBalance(database.db, user.id, NOW)).toBe(560);
    const lots = await listActiveLots(database.db, user.id, NOW);
    expect(lots.map((l) => l.credits_left)).toEqual([60, 500]);
    const kinds = (await listLedgerEntries(database.db, user.id)).map((e) => [e.kind, e.delta, e.lot_id]);
    expect(kinds).toEqual([
      ['grant', 500, late.lotId],
      ['grant', 300, early.lotId],
      ['reserve', -300, early.lotId],
      ['reserve', -300, late.lotId],
      ['release', 60, early.lotId],
      ['release', 300, late.lotId],
    ]);
    await expectConsistent(user.id);
  });

  it('refuses a reservation above the balance with the 402 message', async () => {
    const user = await insertTestUser(database.db);
    await grantSignupGift(database.db, user.id, NOW);
    const attempt = reserveCredits(database.db, { userId: user.id, amount: 1001, now: NOW });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 402,
      detail: 'Not enough credits: this order needs 1001 credits and you have 1000.',
    });
    expect(await getBalance(database.db, user.id, NOW)).toBe(1000);
  });

  it('a released reservation costs nothing', async () => {
    const user = await insertTestUser(database.db);
    await grantSignupGift(database.db, user.id, NOW);
    const { reservationId } = await reserveCredits(database.db, { userId: user.id, amount: 1000, now: NOW });
    expect(await getBalance(database.db, user.id, NOW)).toBe(0);
    await releaseReservation(database.db, reservationId, NOW);
    expect(await getBalance(database.db, user.id, NOW)).toBe(1000);
    await expectConsistent(user.id);
  });

  it('20 concurrent reservations of 100 against 1,000 credits: exactly 10 succeed', async () => {
    const user = await insertTestUser(database.db);
    await grantSignupGift(database.db, user.id, NOW);
    // On PostgreSQL every attempt gets its own pooled connection, so the reservations really race.
    const handles: DatabaseHandle[] =
      TEST_DIALECT === 'postgres'
        ? Array.from({ length: 4 }, () =>
            createDatabase(database.url, { schema: database.schema, poolSize: 5 }),
          )
        : [database];
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          reserveCredits(handles[i % handles.length]!.db, { userId: user.id, amount: 100, now: NOW }),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(10);
      for (const r of refused)
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientCreditsError);
      expect(await getBalance(database.db, user.id, NOW)).toBe(0);
      await expectConsistent(user.id);
    } finally {
      if (TEST_DIALECT === 'postgres') await Promise.all(handles.map((h) => h.close()));
    }
  });

  it('concurrent settles of one reservation refund once', async () => {
    const user = await insertTestUser(database.db);
    await grantSignupGift(database.db, user.id, NOW);
    const { reservationId } = await reserveCredits(database.db, { userId: user.id, amount: 400, now: NOW });
    const settled = await Promise.all(
      Array.from({ length: 5 }, () =>
        settleReservation(database.db, { reservationId, creditsUsed: 100, now: NOW }),
      ),
    );
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await getBalance(database.db, user.id, NOW)).toBe(900);
    await expectConsistent(user.id);
  });

  it('expired lots stop counting at once and are retired with ledger entries by the job', async () => {
    const user = await insertTestUser(database.db);
    await grantSignupGift(database.db, user.id, NOW);
    const later = addDays(NOW, 31);
    expect(await getBalance(database.db, user.id, later)).toBe(0);
    await expect(
      reserveCredits(database.db, { userId: user.id, amount: 1, now: later }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await expireCredits(database.db, later)).toBeGreaterThanOrEqual(1);
    const entries = await listLedgerEntries(database.db, user.id);
    expect(entries.at(-1)).toMatchObject({ kind: 'expire', delta: -1000 });
    const sums = await sumLedgerAndLots(database.db, user.id);
    expect(sums).toEqual({ ledger: 0, lots: 0 });
  });

  it('a clawback takes only what is left, never going below zero', async () => {
    const user = await insertTestUser(database.db);
    const { lotId } = await grantCredits(database.db, {
      userId: user.id,
      credits: 5000,
      source: 'purchase',
      sourceRef: 'cap-claw',
      expiresAt: addDays(NOW, 30),
      now: NOW,
    });
    const { reservationId } = await reserveCredits(database.db, { userId: user.id, amount: 3000, now: NOW });
    await settleReservation(database.db, { reservationId, creditsUsed: 3000, now: NOW });
    const { taken } = await clawbackLotCredits(database.db, {
      lotId,
      maxCredits: 5000,
      now: NOW,
      note: 'refund',
    });
    expect(taken).toBe(2000);
    expect(await getBalance(database.db, user.id, NOW)).toBe(0);
    await expectConsistent(user.id);
  });
});
