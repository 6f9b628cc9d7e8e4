import type { Db } from '../../database.ts';
import type {
  RemovalRequestRow,
  RemovalRequestStatus,
  RemovalRequestsTable,
} from '../../tables/privacy.tables.ts';

/** Stores a new, unconfirmed removal request. */
export async function insertRemovalRequest(db: Db, row: RemovalRequestsTable): Promise<void> {
  await db.insertInto('removal_requests').values(row).execute();
}

/** The unconfirmed request whose token hashes to `tokenHash` and has not expired at `nowIso`. */
export async function findConfirmableRemovalRequest(
  db: Db,
  tokenHash: string,
  nowIso: string,
): Promise<RemovalRequestRow | undefined> {
  return db
    .selectFrom('removal_requests')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'unconfirmed')
    .where('token_expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Marks an unconfirmed request confirmed (pending a decision); false when it was not unconfirmed any more. */
export async function markRemovalRequestConfirmed(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('removal_requests')
    .set({ status: 'pending', token_hash: null, confirmed_at: nowIso })
    .where('id', '=', id)
    .where('status', '=', 'unconfirmed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findRemovalRequest(db: Db, id: string): Promise<RemovalRequestRow | undefined> {
  return db.selectFrom('removal_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Requests in one status, oldest first for the pending queue and newest first for the decided ones (at most 200). */
export async function listRemovalRequests(
  db: Db,
  status: RemovalRequestStatus,
): Promise<RemovalRequestRow[]> {
  return db
    .selectFrom('removal_requests')
    .selectAll()
    .where('status', '=', status)
    .orderBy(status === 'pending' ? 'confirmed_at' : 'decided_at', status === 'pending' ? 'asc' : 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
}

/**
 * Decides a pending request: its status, who decided, the reason and the records erased; its targets are emptied
 * so that no readable name or id stays with it. False when it was not pending (decided meanwhile).
 */
export async function decideRemovalRequest(
  db: Db,
  input: {
    id: string;
    status: 'approved' | 'rejected';
    adminUserId: string;
    reason: string | null;
    recordsErased: number | null;
    nowIso: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('removal_requests')
    .set({
      status: input.status,
      targets: '[]',
      decided_at: input.nowIso,
      decided_by: input.adminUserId,
      reason: input.reason,
      records_erased: input.recordsErased,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many requests were made from this address since `sinceIso` (the per-address limit counts the rest). */
export async function countRemovalRequestsByEmail(db: Db, email: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('removal_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the requests never confirmed whose link expired before `beforeIso`; returns how many. */
export async function deleteExpiredRemovalRequests(db: Db, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('removal_requests')
    .where('status', '=', 'unconfirmed')
    .where('token_expires_at', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
