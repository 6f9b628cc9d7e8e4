import { sql } from 'kysely';
import { dialectOf, type Db } from '../../database.ts';
import type {
  CreditLotRow,
  CreditSource,
  LedgerKind,
  ReservationStatus,
} from '../../tables/credits.tables.ts';

export interface LotAllocation {
  lot_id: string;
  credits: number;
}

export interface Reservation {
  id: string;
  userId: string;
  amount: number;
  status: ReservationStatus;
  allocations: LotAllocation[];
  creditsUsed: number | null;
}

export interface NewLedgerEntry {
  id: string;
  user_id: string;
  lot_id: string;
  kind: LedgerKind;
  delta: number;
  reservation_id?: string | null;
  note?: string | null;
  created_at: string;
}

/** Serialises balance changes of one user: a row lock on PostgreSQL; SQLite's BEGIN IMMEDIATE already holds the lock. */
export async function lockUserCredits(db: Db, userId: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`select id from users where id = ${userId} for update`.execute(db);
}

export async function insertLot(
  db: Db,
  lot: {
    id: string;
    user_id: string;
    source: CreditSource;
    source_ref: string | null;
    credits: number;
    expires_at: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('credit_lots')
    .values({
      id: lot.id,
      user_id: lot.user_id,
      source: lot.source,
      source_ref: lot.source_ref,
      credits_granted: lot.credits,
      credits_left: 0,
      expires_at: lot.expires_at,
      created_at: lot.created_at,
    })
    .execute();
}

/** The lot a source reference (a payment capture, say) already produced, if any. */
export async function findLotBySource(db: Db, source: CreditSource, sourceRef: string) {
  return db
    .selectFrom('credit_lots')
    .selectAll()
    .where('source', '=', source)
    .where('source_ref', '=', sourceRef)
    .executeTakeFirst();
}

export async function findLotById(db: Db, lotId: string): Promise<CreditLotRow | undefined> {
  return db.selectFrom('credit_lots').selectAll().where('id', '=', lotId).executeTakeFirst();
}

/**
 * Appends ledger entries and moves each lot's credits_left by the entry's delta, in the caller's transaction;
 * the check constraint (credits_left >= 0) makes an overdraw fail instead of going negative.
 */
export async function appendLedgerEntries(db: Db, entries: NewLedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('credit_ledger').values(entries).execute();
  for (const entry of entries) {
    await db
      .updateTable('credit_lots')
      .set({ credits_left: sql`credits_left + ${entry.delta}` })
      .where('id', '=', entry.lot_id)
      .execute();
  }
}

/** Lots that can still be spent, the one that expires first first. */
export async function listSpendableLots(db: Db, userId: string, nowIso: string): Promise<CreditLotRow[]> {
  return db
    .selectFrom('credit_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('credits_left', '>', 0)
    .where('expires_at', '>', nowIso)
    .orderBy('expires_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function sumSpendableCredits(db: Db, userId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('credit_lots')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits_left'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The sum of every ledger entry of a user, and of every lot's credits_left: equal whenever no write is half done. */
export async function sumLedgerAndLots(db: Db, userId: string): Promise<{ ledger: number; lots: number }> {
  const ledger = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const lots = await db
    .selectFrom('credit_lots')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits_left'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ledger: Number(ledger.total), lots: Number(lots.total) };
}

export async function listLedgerEntries(db: Db, userId: string) {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertReservation(
  db: Db,
  reservation: {
    id: string;
    user_id: string;
    amount: number;
    allocations: LotAllocation[];
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('credit_reservations')
    .values({
      ...reservation,
      allocations: JSON.stringify(reservation.allocations),
      status: 'held',
      credits_used: null,
      closed_at: null,
    })
    .execute();
}

export async function findReservation(db: Db, reservationId: string): Promise<Reservation | undefined> {
  const row = await db
    .selectFrom('credit_reservations')
    .selectAll()
    .where('id', '=', reservationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    amount: row.amount,
    status: row.status,
    allocations: JSON.parse(row.allocations) as LotAllocation[],
    creditsUsed: row.credits_used,
  };
}

/** Closes a held reservation; false when another caller closed it first (so the caller must not refund twice). */
export async function closeReservation(
  db: Db,
  reservationId: string,
  status: Exclude<ReservationStatus, 'held'>,
  creditsUsed: number,
  closedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('credit_reservations')
    .set({ status, credits_used: creditsUsed, closed_at: closedAt })
    .where('id', '=', reservationId)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lots past their expiry that still hold credits, oldest first. */
export async function listExpiredLotsWithCredits(
  db: Db,
  nowIso: string,
  limit: number,
): Promise<CreditLotRow[]> {
  return db
    .selectFrom('credit_lots')
    .selectAll()
    .where('credits_left', '>', 0)
    .where('expires_at', '<=', nowIso)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}
