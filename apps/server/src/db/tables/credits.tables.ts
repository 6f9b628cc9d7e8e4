import type { Selectable } from 'kysely';

/** Where a lot of credits came from. */
export type CreditSource = 'signup_gift' | 'purchase' | 'admin';

/** What a ledger entry records. Entries are only ever inserted. */
export type LedgerKind = 'grant' | 'reserve' | 'release' | 'expire' | 'clawback' | 'adjustment';

export interface CreditLotsTable {
  id: string;
  user_id: string;
  source: CreditSource;
  source_ref: string | null;
  credits_granted: number;
  /** Projection of the ledger entries of this lot, kept in the same transaction as they are written. */
  credits_left: number;
  expires_at: string;
  created_at: string;
}

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  lot_id: string;
  kind: LedgerKind;
  delta: number;
  reservation_id: string | null;
  note: string | null;
  created_at: string;
}

export type ReservationStatus = 'held' | 'settled' | 'released';

export interface CreditReservationsTable {
  id: string;
  user_id: string;
  amount: number;
  status: ReservationStatus;
  /** JSON [{lot_id, credits}] in the order the lots were drawn. */
  allocations: string;
  credits_used: number | null;
  created_at: string;
  closed_at: string | null;
}

export interface CreditTables {
  credit_lots: CreditLotsTable;
  credit_ledger: CreditLedgerTable;
  credit_reservations: CreditReservationsTable;
}

export type CreditLotRow = Selectable<CreditLotsTable>;
