import { sql, type UpdateObject, type Updateable } from 'kysely';
import { dialectOf, type Db } from '../../database.ts';
import type { Database } from '../../schema.ts';
import type { OrderRow, OrdersTable, WorkerLane } from '../../tables/orders.tables.ts';

export type NewOrder = Omit<
  OrdersTable,
  | 'progress'
  | 'records_delivered'
  | 'credits_charged'
  | 'error'
  | 'file_name'
  | 'file_key'
  | 'file_size'
  | 'attempts'
  | 'lease_owner'
  | 'lease_expires_at'
  | 'completed_at'
  | 'sort'
  | 'sample_seed'
  | 'columns'
  | 'file_sha256'
  | 'corpus_snapshot'
  | 'exclude_purchased'
  | 'include_context'
  | 'include_comments'
  | 'authors'
  | 'pseudonyms'
  | 'scrub'
  | 'scrub_counts'
  | 'lane'
  | 'scan_records'
  | 'size'
  | 'compression'
  | 'records_written'
  | 'eta_seconds'
  | 'large_checkpoint'
> &
  Partial<
    Pick<
      OrderRow,
      | 'sort'
      | 'sample_seed'
      | 'columns'
      | 'exclude_purchased'
      | 'include_context'
      | 'include_comments'
      | 'authors'
      | 'pseudonyms'
      | 'scrub'
      | 'lane'
      | 'scan_records'
      | 'size'
      | 'compression'
    >
  >;

export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      ...order,
      progress: 0,
      records_delivered: null,
      credits_charged: null,
      error: null,
      file_name: null,
      file_key: null,
      file_size: null,
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
      completed_at: null,
    })
    .execute();
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One user's order; undefined for someone else's, so callers answer 404 and never reveal it exists. */
export async function findUserOrder(db: Db, userId: string, id: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findOrderByIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** A user's orders, newest first. */
export async function listUserOrders(
  db: Db,
  userId: string,
  limit = 500,
  after?: { createdAt: string; id: string },
): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  // Keyset paging, newest first: the rows after `after` in that order.
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function countUserOrdersByStatus(db: Db, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

/** A user's open orders (pending or processing): placing one more is refused past MAX_OPEN_ORDERS. */
export async function countOpenOrders(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The records a user's scan-lane orders placed since `sinceIso` read: what their daily scan budget has spent. */
export async function sumScanRecordsSince(db: Db, userId: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number | string | null>('scan_records').as('records'))
    .where('user_id', '=', userId)
    .where('lane', '=', 'scan')
    .where('created_at', '>=', sinceIso)
    .executeTakeFirst();
  return Number(row?.records ?? 0);
}

/**
 * Claims the next runnable order of one lane for a worker: a pending order whose retry time has come, or a
 * processing one whose lease ran out (its worker died). Users take turns within the lane: the order of the user
 * served longest ago (by the last change to any of their claimed orders; never served first) goes first, then the
 * oldest order, so that one user's queue of slow orders cannot hold back everyone else's (decision 019); the lanes
 * are claimed apart, so a full scan never holds back an indexed order (decision 038), nor a large order a standard
 * one (decision 045). Atomic: FOR UPDATE SKIP LOCKED
 * on PostgreSQL; on SQLite the caller's BEGIN IMMEDIATE transaction serialises claimers. Without a lane: either.
 */
export async function claimNextOrder(
  db: Db,
  input: { workerId: string; nowIso: string; leaseExpiresAt: string; lane?: WorkerLane },
): Promise<OrderRow | undefined> {
  const isPostgres = dialectOf(db) === 'postgres';
  const candidate = db
    .selectFrom('orders')
    .select('id')
    // Large orders have a lane of their own whatever their search (decision 045); the others go by decision 038's.
    .$if(input.lane === 'large', (qb) => qb.where('size', '=', 'large'))
    .$if(input.lane !== undefined && input.lane !== 'large', (qb) =>
      qb.where('lane', '=', input.lane as 'indexed' | 'scan').where('size', '=', 'standard'),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', input.nowIso)]),
        eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<', input.nowIso)]),
      ]),
    )
    .orderBy(
      sql`(select coalesce(max(served.updated_at), '') from orders served
           where served.user_id = orders.user_id and served.attempts > 0)`,
    )
    .orderBy('created_at')
    .limit(1);
  return db
    .updateTable('orders')
    .set({
      status: 'processing',
      lease_owner: input.workerId,
      lease_expires_at: input.leaseExpiresAt,
      attempts: sql`attempts + 1`,
      updated_at: input.nowIso,
    })
    .where('id', '=', (isPostgres ? candidate.forUpdate().skipLocked() : candidate) as never)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Applies `values` to an order only while `workerId` holds its lease (status processing, lease owner); false when it
 * no longer does (the lease ran out and another worker took the order, or it was failed meanwhile).
 */
async function updateWhileLeaseHeld(
  db: Db,
  orderId: string,
  workerId: string,
  values: UpdateObject<Database, 'orders'>,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(values)
    .where('id', '=', orderId)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends a lease; false when the worker no longer holds it. */
export function renewLease(
  db: Db,
  input: { orderId: string; workerId: string; leaseExpiresAt: string },
): Promise<boolean> {
  return updateWhileLeaseHeld(db, input.orderId, input.workerId, { lease_expires_at: input.leaseExpiresAt });
}

/** Records the fulfilment's progress (0–100); false when the worker no longer holds the lease. */
export function updateProgress(
  db: Db,
  input: { orderId: string; workerId: string; progress: number; nowIso: string },
): Promise<boolean> {
  return updateWhileLeaseHeld(db, input.orderId, input.workerId, {
    progress: input.progress,
    updated_at: input.nowIso,
  });
}

/**
 * Stores a large order's checkpoint (the parts written, the keyset position after them) with its progress; false
 * when the worker no longer holds the lease (decision 045). Runs in the transaction that keeps the part's delivered
 * records, so the checkpoint and what it says was delivered agree.
 */
export function saveLargeCheckpoint(
  db: Db,
  input: {
    orderId: string;
    workerId: string;
    checkpoint: string | null;
    recordsWritten: number;
    progress: number;
    etaSeconds: number | null;
    nowIso: string;
  },
): Promise<boolean> {
  return updateWhileLeaseHeld(db, input.orderId, input.workerId, {
    large_checkpoint: input.checkpoint,
    records_written: input.recordsWritten,
    progress: input.progress,
    eta_seconds: input.etaSeconds,
    updated_at: input.nowIso,
  });
}

/** A large order's progress between checkpoints (records written, percent, seconds left); false without the lease. */
export function updateLargeProgress(
  db: Db,
  input: {
    orderId: string;
    workerId: string;
    recordsWritten: number;
    progress: number;
    etaSeconds: number | null;
    nowIso: string;
  },
): Promise<boolean> {
  return updateWhileLeaseHeld(db, input.orderId, input.workerId, {
    records_written: input.recordsWritten,
    progress: input.progress,
    eta_seconds: input.etaSeconds,
    updated_at: input.nowIso,
  });
}

/** Marks an order completed with its file, only while the worker still holds the lease. */
export function completeOrder(
  db: Db,
  input: {
    orderId: string;
    workerId: string;
    recordsDelivered: number;
    fileName: string;
    fileKey: string;
    fileSize: number;
    /** hex SHA-256 of the file (the manifest) */
    fileSha256: string;
    /** JSON CorpusSnapshot taken before completion (the manifest) */
    corpusSnapshot: string;
    /** JSON ScrubCounts of the file's texts; null when nothing was scrubbed (decision 036) */
    scrubCounts: string | null;
    nowIso: string;
  },
): Promise<boolean> {
  return updateWhileLeaseHeld(db, input.orderId, input.workerId, {
    status: 'completed',
    progress: 100,
    records_delivered: input.recordsDelivered,
    credits_charged: input.recordsDelivered,
    file_name: input.fileName,
    file_key: input.fileKey,
    file_size: input.fileSize,
    file_sha256: input.fileSha256,
    corpus_snapshot: input.corpusSnapshot,
    scrub_counts: input.scrubCounts,
    error: null,
    records_written: input.recordsDelivered,
    eta_seconds: null,
    large_checkpoint: null,
    lease_owner: null,
    lease_expires_at: null,
    completed_at: input.nowIso,
    updated_at: input.nowIso,
  });
}

/**
 * Puts an order back in the queue for a later attempt, keeping the last error. `isUncounted`: the attempt the claim
 * counted is taken back (the order was never really tried, e.g. it waits for a bulk load).
 */
export function scheduleRetry(
  db: Db,
  input: {
    orderId: string;
    workerId: string;
    error: string;
    nextAttemptAt: string;
    nowIso: string;
    isUncounted?: boolean;
  },
): Promise<boolean> {
  return updateWhileLeaseHeld(db, input.orderId, input.workerId, {
    ...(input.isUncounted ? { attempts: sql`attempts - 1` } : {}),
    status: 'pending',
    progress: 0,
    error: input.error,
    lease_owner: null,
    lease_expires_at: null,
    next_attempt_at: input.nextAttemptAt,
    updated_at: input.nowIso,
  });
}

/** The columns of a failed order: no charge, nothing delivered, no lease. */
export function failedOrderValues(error: string, nowIso: string): Updateable<OrdersTable> {
  return {
    large_checkpoint: null,
    eta_seconds: null,
    status: 'failed',
    error,
    credits_charged: 0,
    records_delivered: 0,
    lease_owner: null,
    lease_expires_at: null,
    completed_at: nowIso,
    updated_at: nowIso,
  };
}

/** Marks an order failed (no charge); only from a state the caller holds (its lease) or owns (pending). */
export async function failOrder(
  db: Db,
  input: { orderId: string; workerId: string | null; error: string; nowIso: string },
): Promise<boolean> {
  const values = failedOrderValues(input.error, input.nowIso);
  if (input.workerId) return updateWhileLeaseHeld(db, input.orderId, input.workerId, values);
  const result = await db
    .updateTable('orders')
    .set(values)
    .where('id', '=', input.orderId)
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Orders created before the cutoff (retention), oldest first. */
export async function listOrdersCreatedBefore(db: Db, cutoffIso: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('created_at', '<', cutoffIso)
    .where('status', 'in', ['completed', 'failed'])
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function deleteOrder(db: Db, id: string): Promise<void> {
  await db.deleteFrom('orders').where('id', '=', id).execute();
}

/** Storage keys of every order that has a file (to tell orphans from delivered files). */
export async function listOrderFileKeys(db: Db, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.selectFrom('orders').select('file_key').where('id', 'in', orderIds).execute();
  return new Set(rows.map((r) => r.file_key).filter((k): k is string => k !== null));
}
