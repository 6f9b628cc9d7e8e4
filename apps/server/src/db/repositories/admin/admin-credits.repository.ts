import type { Db } from '../../database.ts';

/** Every lot of a user (spent and expired ones too), newest first. */
export async function listUserLots(db: Db, userId: string) {
  return db
    .selectFrom('credit_lots')
    .select(['id', 'source', 'source_ref', 'credits_granted', 'credits_left', 'expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A user's latest ledger entries, newest first (at most `limit`). */
export async function listRecentLedgerEntries(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('credit_ledger')
    .select(['id', 'lot_id', 'kind', 'delta', 'reservation_id', 'note', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
