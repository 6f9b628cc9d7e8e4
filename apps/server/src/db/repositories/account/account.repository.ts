import type { Db } from '../../database.ts';
import type { CreditLotRow } from '../../tables/credits.tables.ts';
import type { OrderRow } from '../../tables/orders.tables.ts';
import type { PaymentAdjustmentRow, PaymentRow } from '../../tables/payments.tables.ts';

/** The account area's reads and the deletion's writes (docs/decisions/021-account-area.md). */

/** A user's profile row, deleted or not (the export and the purge need it either way). */
export async function findProfileRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'name', 'created_at', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Every payment of a user, newest first. */
export async function listUserPaymentRows(db: Db, userId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One payment only when it belongs to this user. */
export async function findUserPaymentRow(
  db: Db,
  userId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The refunds and reversals of a user's payments, oldest first. */
export async function listUserPaymentAdjustments(db: Db, userId: string): Promise<PaymentAdjustmentRow[]> {
  return db
    .selectFrom('payment_adjustments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every lot of a user (spent and expired ones too), oldest first: the export's view. */
export async function listAllUserLots(db: Db, userId: string): Promise<CreditLotRow[]> {
  return db
    .selectFrom('credit_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A ledger entry with its lot's source and, for a reservation's entries, the order it was for. */
export interface LedgerEntryView {
  id: string;
  created_at: string;
  kind: 'grant' | 'reserve' | 'release' | 'expire' | 'clawback' | 'adjustment';
  delta: number;
  lot_id: string;
  lot_source: string;
  reservation_id: string | null;
  order_id: string | null;
  order_title: string | null;
  note: string | null;
}

/** One page of a user's ledger, newest first (ties broken by id, which grows with time). */
export async function listLedgerPage(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<LedgerEntryView[]> {
  const rows = await db
    .selectFrom('credit_ledger as l')
    .innerJoin('credit_lots as lot', 'lot.id', 'l.lot_id')
    .leftJoin('orders as o', (join) =>
      join.onRef('o.reservation_id', '=', 'l.reservation_id').onRef('o.user_id', '=', 'l.user_id'),
    )
    .select([
      'l.id',
      'l.created_at',
      'l.kind',
      'l.delta',
      'l.lot_id',
      'lot.source as lot_source',
      'l.reservation_id',
      'o.id as order_id',
      'o.title as order_title',
      'l.note',
    ])
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    ...r,
    delta: Number(r.delta),
    order_id: r.order_id ?? null,
    order_title: r.order_title ?? null,
  }));
}

export async function countLedgerEntries(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every order of a user, oldest first (the export and the deletion). */
export async function listAllUserOrders(db: Db, userId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every API key of a user with its metadata (revoked ones too), never the hash. */
export async function listApiKeyMetadata(db: Db, userId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Revokes every live key of a user. */
export async function revokeUserApiKeys(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Deletes orders by id (their files are deleted by the caller first). */
export async function deleteOrdersByIds(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('orders').where('id', 'in', ids).execute();
}

/**
 * Anonymises a user row: deleted_at set, name cleared, the e-mail (and its unique key) replaced by a placeholder
 * unique to the row so the address can sign up again; the username stays, so it can never be taken or used.
 * False when the user was already deleted (a concurrent deletion).
 */
export async function anonymiseUserRow(
  db: Db,
  input: { userId: string; placeholderEmail: string; passwordHash: string; deletedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      deleted_at: input.deletedAt,
      name: '',
      email: input.placeholderEmail,
      email_key: input.placeholderEmail,
      password_hash: input.passwordHash,
    })
    .where('id', '=', input.userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the personal fields (the PayPal payer id) of a user's payments; the records themselves stay. */
export async function removePaymentPersonalData(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ payer_id: null, personal_data_removed_at: at })
    .where('user_id', '=', userId)
    .execute();
}

/** Users deleted before the cutoff, oldest deletion first. */
export async function listUsersDeletedBefore(db: Db, cutoffIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoffIso)
    .orderBy('deleted_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Removes a deleted user's row; the foreign keys cascade to their sessions, keys, credits, orders and exports.
 * Payments have no foreign key and stay (their user_id is then an opaque id that names no one).
 */
export async function deleteDeletedUserRow(db: Db, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('users')
    .where('id', '=', userId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Revokes every live browser session (refresh family) of a user but the one given (null: all of them). */
export async function revokeOtherRefreshFamilies(
  db: Db,
  input: { userId: string; keepFamilyId: string | null; at: string; reason: string },
): Promise<void> {
  let query = db
    .updateTable('refresh_families')
    .set({ revoked_at: input.at, revoked_reason: input.reason })
    .where('user_id', '=', input.userId)
    .where('revoked_at', 'is', null);
  if (input.keepFamilyId) query = query.where('id', '!=', input.keepFamilyId);
  await query.execute();
}

/** Deletes payment records (and their refunds) created before the cutoff, a batch at a time; returns how many. */
export async function deletePaymentsCreatedBefore(db: Db, cutoffIso: string, limit: number): Promise<number> {
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('created_at', '<', cutoffIso)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('payment_adjustments').where('payment_id', 'in', ids).execute();
  await db.deleteFrom('payments').where('id', 'in', ids).execute();
  return ids.length;
}

/** Deletes a user's e-mail confirmation links (they hold the addresses they were mailed to). */
export async function deleteUserEmailConfirmations(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
}
