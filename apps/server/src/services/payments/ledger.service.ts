import {
  ADMIN_MESSAGES,
  API_MESSAGES,
  SIGNUP_GIFT_CREDITS,
  SIGNUP_GIFT_EXPIRY_DAYS,
} from '@threadcart/contracts';
import { withTransaction, type Db } from '../../db/database.ts';
import {
  appendLedgerEntries,
  closeReservation,
  findLotById,
  findLotBySource,
  findReservation,
  insertLot,
  insertReservation,
  listExpiredLotsWithCredits,
  listSpendableLots,
  lockUserCredits,
  sumSpendableCredits,
  type LotAllocation,
  type NewLedgerEntry,
} from '../../db/repositories/payments/credits.repository.ts';
import type { CreditSource } from '../../db/tables/credits.tables.ts';
import { AppError } from '../../errors.ts';
import { addDays } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

export interface GrantInput {
  readonly userId: string;
  readonly credits: number;
  readonly source: CreditSource;
  /** Makes the grant idempotent: a second grant with the same source and ref grants nothing. */
  readonly sourceRef?: string | null;
  readonly expiresAt: Date;
  readonly now: Date;
  readonly note?: string;
}

/** Raised when a reservation asks for more than the spendable balance; renders as the 402 of docs/product.md §4.4. */
export class InsufficientCreditsError extends AppError {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(402, API_MESSAGES.notEnoughCredits(needed, balance), 'insufficient_credits');
  }
}

/** Adds a lot of credits with its expiry and a `grant` ledger entry; idempotent per (source, sourceRef). */
export async function grantCredits(db: Db, input: GrantInput): Promise<{ lotId: string; granted: boolean }> {
  if (!Number.isInteger(input.credits) || input.credits <= 0)
    throw new Error('grant must be a positive integer');
  return withTransaction(db, async (trx) => {
    await lockUserCredits(trx, input.userId);
    if (input.sourceRef) {
      const existing = await findLotBySource(trx, input.source, input.sourceRef);
      if (existing) return { lotId: existing.id, granted: false };
    }
    const lotId = newId(input.now.getTime());
    const nowIso = input.now.toISOString();
    await insertLot(trx, {
      id: lotId,
      user_id: input.userId,
      source: input.source,
      source_ref: input.sourceRef ?? null,
      credits: input.credits,
      expires_at: input.expiresAt.toISOString(),
      created_at: nowIso,
    });
    await appendLedgerEntries(trx, [
      entry(input.userId, lotId, 'grant', input.credits, input.now, { note: input.note ?? input.source }),
    ]);
    return { lotId, granted: true };
  });
}

/** The sign-up gift: 1,000 credits that expire after 30 days (docs/product.md §4.1). */
export async function grantSignupGift(db: Db, userId: string, now: Date): Promise<void> {
  await grantCredits(db, {
    userId,
    credits: SIGNUP_GIFT_CREDITS,
    source: 'signup_gift',
    sourceRef: `signup:${userId}`,
    expiresAt: addDays(now, SIGNUP_GIFT_EXPIRY_DAYS),
    now,
  });
}

/** The spendable balance: credits left in lots that have not expired at `now`. */
export async function getBalance(db: Db, userId: string, now: Date): Promise<number> {
  return sumSpendableCredits(db, userId, now.toISOString());
}

/** The lots that still hold spendable credits, the one that expires first first. */
export async function listActiveLots(db: Db, userId: string, now: Date) {
  const lots = await listSpendableLots(db, userId, now.toISOString());
  return lots.map((lot) => ({
    credits_left: lot.credits_left,
    expires_at: lot.expires_at,
    source: lot.source,
  }));
}

/**
 * Holds `amount` credits for an order, drawn from the lots that expire first; throws InsufficientCreditsError
 * when the balance is short. Serialised per user, so concurrent reservations can never spend the same credits.
 */
export async function reserveCredits(
  db: Db,
  input: { userId: string; amount: number; now: Date },
): Promise<{ reservationId: string }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new Error('reservation must be a positive integer');
  return withTransaction(db, async (trx) => {
    await lockUserCredits(trx, input.userId);
    const lots = await listSpendableLots(trx, input.userId, input.now.toISOString());
    const balance = lots.reduce((sum, lot) => sum + lot.credits_left, 0);
    if (balance < input.amount) throw new InsufficientCreditsError(input.amount, balance);
    const reservationId = newId(input.now.getTime());
    const allocations: LotAllocation[] = [];
    let remaining = input.amount;
    for (const lot of lots) {
      if (remaining === 0) break;
      const take = Math.min(remaining, lot.credits_left);
      allocations.push({ lot_id: lot.id, credits: take });
      remaining -= take;
    }
    await insertReservation(trx, {
      id: reservationId,
      user_id: input.userId,
      amount: input.amount,
      allocations,
      created_at: input.now.toISOString(),
    });
    await appendLedgerEntries(
      trx,
      allocations.map((a) =>
        entry(input.userId, a.lot_id, 'reserve', -a.credits, input.now, { reservationId }),
      ),
    );
    return { reservationId };
  });
}

/**
 * Closes a reservation, charging `creditsUsed` of it and returning the rest to its lots (the lots drawn last get
 * theirs back first, so what is charged stays on the lots that expire first). Idempotent: a closed reservation is
 * left alone and false is returned.
 */
export async function settleReservation(
  db: Db,
  input: { reservationId: string; creditsUsed: number; now: Date },
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const reservation = await findReservation(trx, input.reservationId);
    if (!reservation) throw new Error(`unknown reservation ${input.reservationId}`);
    await lockUserCredits(trx, reservation.userId);
    const used = Math.max(0, Math.min(input.creditsUsed, reservation.amount));
    const status = used === 0 ? 'released' : 'settled';
    const isClosed = await closeReservation(trx, reservation.id, status, used, input.now.toISOString());
    if (!isClosed) return false;
    let toCharge = used;
    const refunds: NewLedgerEntry[] = [];
    for (const allocation of reservation.allocations) {
      const charged = Math.min(toCharge, allocation.credits);
      toCharge -= charged;
      const back = allocation.credits - charged;
      if (back > 0) {
        refunds.push(
          entry(reservation.userId, allocation.lot_id, 'release', back, input.now, {
            reservationId: reservation.id,
          }),
        );
      }
    }
    await appendLedgerEntries(trx, refunds);
    return true;
  });
}

/** Returns every credit of a reservation (a failed order costs nothing). */
export async function releaseReservation(db: Db, reservationId: string, now: Date): Promise<boolean> {
  return settleReservation(db, { reservationId, creditsUsed: 0, now });
}

/**
 * Takes back up to `maxCredits` still unspent from one lot (a refunded or reversed purchase) with a `clawback`
 * entry; never more than the lot holds, so the balance never goes below zero. Returns what was taken.
 */
export async function clawbackLotCredits(
  db: Db,
  input: { lotId: string; maxCredits: number; now: Date; note: string },
): Promise<{ taken: number }> {
  return withTransaction(db, async (trx) => {
    const before = await findLotById(trx, input.lotId);
    if (!before) throw new Error(`unknown lot ${input.lotId}`);
    await lockUserCredits(trx, before.user_id);
    const lot = (await findLotById(trx, input.lotId))!;
    const taken = Math.max(0, Math.min(lot.credits_left, input.maxCredits));
    if (taken > 0) {
      await appendLedgerEntries(trx, [
        entry(lot.user_id, lot.id, 'clawback', -taken, input.now, { note: input.note }),
      ]);
    }
    return { taken };
  });
}

/**
 * Takes `credits` from a user's spendable lots (the one that expires first first) with `adjustment` entries: an
 * administrator's deduction. Serialised per user like a reservation; throws InsufficientBalanceError rather than
 * take the balance below zero. Returns the balance after.
 */
export async function deductCredits(
  db: Db,
  input: { userId: string; credits: number; now: Date; note: string },
): Promise<{ balance: number }> {
  if (!Number.isInteger(input.credits) || input.credits <= 0)
    throw new Error('deduction must be a positive integer');
  return withTransaction(db, async (trx) => {
    await lockUserCredits(trx, input.userId);
    const lots = await listSpendableLots(trx, input.userId, input.now.toISOString());
    const balance = lots.reduce((sum, lot) => sum + lot.credits_left, 0);
    if (balance < input.credits) throw new InsufficientBalanceError(input.credits, balance);
    const entries: NewLedgerEntry[] = [];
    let remaining = input.credits;
    for (const lot of lots) {
      if (remaining === 0) break;
      const take = Math.min(remaining, lot.credits_left);
      entries.push(entry(input.userId, lot.id, 'adjustment', -take, input.now, { note: input.note }));
      remaining -= take;
    }
    await appendLedgerEntries(trx, entries);
    return { balance: balance - input.credits };
  });
}

/** A deduction larger than the spendable balance: a 400, the balance never goes below zero. */
export class InsufficientBalanceError extends AppError {
  constructor(
    readonly credits: number,
    readonly balance: number,
  ) {
    super(400, ADMIN_MESSAGES.deductTooLarge(credits, balance), 'insufficient_credits');
  }
}

/** Retires the credits left in expired lots with `expire` entries, a lot per transaction; returns how many. */
export async function expireCredits(db: Db, now: Date, batchSize = 500): Promise<number> {
  const nowIso = now.toISOString();
  const lots = await listExpiredLotsWithCredits(db, nowIso, batchSize);
  let retired = 0;
  for (const candidate of lots) {
    retired += await withTransaction(db, async (trx) => {
      await lockUserCredits(trx, candidate.user_id);
      const lot = await findLotById(trx, candidate.id);
      if (!lot || lot.credits_left <= 0 || lot.expires_at > nowIso) return 0;
      await appendLedgerEntries(trx, [entry(lot.user_id, lot.id, 'expire', -lot.credits_left, now, {})]);
      return 1;
    });
  }
  return retired;
}

function entry(
  userId: string,
  lotId: string,
  kind: NewLedgerEntry['kind'],
  delta: number,
  now: Date,
  extra: { reservationId?: string; note?: string },
): NewLedgerEntry {
  return {
    id: newId(now.getTime()),
    user_id: userId,
    lot_id: lotId,
    kind,
    delta,
    reservation_id: extra.reservationId ?? null,
    note: extra.note ?? null,
    created_at: now.toISOString(),
  };
}
