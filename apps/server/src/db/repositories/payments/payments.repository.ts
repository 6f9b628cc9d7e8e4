import { sql } from 'kysely';
import { dialectOf, type Db } from '../../database.ts';
import type {
  PaymentAdjustmentRow,
  PaymentAdjustmentsTable,
  PaymentRow,
  PaymentStatus,
  PaymentsTable,
} from '../../tables/payments.tables.ts';

export type { PaymentStatus };

/** A payment as the services see it. */
export interface Payment {
  id: string;
  userId: string;
  provider: PaymentsTable['provider'];
  orderId: string | null;
  kind: PaymentsTable['kind'];
  packageId: number | null;
  credits: number;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  captureAttempt: number;
  captureId: string | null;
  lotId: string | null;
  lastIssue: string | null;
  creditedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PaymentAdjustment = PaymentAdjustmentRow;

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  userId: row.user_id,
  provider: row.provider,
  orderId: row.provider_order_id,
  kind: row.kind,
  packageId: row.package_id,
  credits: row.credits,
  amountCents: row.amount_cents,
  currency: row.currency,
  status: row.status,
  captureAttempt: row.capture_attempt,
  captureId: row.capture_id,
  lotId: row.lot_id,
  lastIssue: row.last_issue,
  creditedAt: row.credited_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Stores a new payment in status `created`, before the provider is asked for an order. */
export async function insertPayment(
  db: Db,
  p: Pick<
    Payment,
    'id' | 'userId' | 'provider' | 'kind' | 'packageId' | 'credits' | 'amountCents' | 'currency'
  > & {
    nowIso: string;
  },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      id: p.id,
      user_id: p.userId,
      provider: p.provider,
      provider_order_id: null,
      kind: p.kind,
      package_id: p.packageId,
      credits: p.credits,
      amount_cents: p.amountCents,
      currency: p.currency,
      status: 'created',
      capture_attempt: 1,
      capture_id: null,
      lot_id: null,
      payer_id: null,
      last_issue: null,
      credited_at: null,
      created_at: p.nowIso,
      updated_at: p.nowIso,
    })
    .execute();
}

/** Records the provider's order id of a payment. */
export async function setPaymentOrderId(db: Db, id: string, orderId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ provider_order_id: orderId, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

export async function findPaymentById(db: Db, id: string): Promise<Payment | undefined> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPayment(row);
}

export async function findPaymentByOrderId(db: Db, orderId: string): Promise<Payment | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('provider_order_id', '=', orderId)
    .executeTakeFirst();
  return row && toPayment(row);
}

/** The payment of this order only when it belongs to this user (another user's order is "not found"). */
export async function findUserPaymentByOrderId(
  db: Db,
  userId: string,
  orderId: string,
): Promise<Payment | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('provider_order_id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toPayment(row);
}

export async function findPaymentByCaptureId(db: Db, captureId: string): Promise<Payment | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('capture_id', '=', captureId)
    .executeTakeFirst();
  return row && toPayment(row);
}

/** Serialises writes to one payment inside a transaction: a row lock on PostgreSQL (SQLite's BEGIN IMMEDIATE already). */
export async function lockPayment(db: Db, id: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`select id from payments where id = ${id} for update`.execute(db);
}

/**
 * Claims an uncredited payment for one capture call: only from created, declined or pending, or from a capturing
 * claim older than `staleBeforeIso` (its holder died). A declined payment starts a new attempt (a new request id).
 * True for exactly one of several concurrent callers.
 */
export async function claimPaymentForCapture(
  db: Db,
  id: string,
  nowIso: string,
  staleBeforeIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: 'capturing',
      updated_at: nowIso,
      capture_attempt: sql<number>`case when status = 'declined' then capture_attempt + 1 else capture_attempt end`,
    })
    .where('id', '=', id)
    .where('credited_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['created', 'declined', 'pending']),
        eb.and([eb('status', '=', 'capturing'), eb('updated_at', '<', staleBeforeIso)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves an uncredited payment to `status` (from one of `from`, when given); false when it was not in such a state. */
export async function setUncreditedPaymentStatus(
  db: Db,
  id: string,
  change: { status: PaymentStatus; nowIso: string; lastIssue?: string | null; from?: PaymentStatus[] },
): Promise<boolean> {
  let query = db
    .updateTable('payments')
    .set({
      status: change.status,
      updated_at: change.nowIso,
      ...(change.lastIssue !== undefined ? { last_issue: change.lastIssue } : {}),
    })
    .where('id', '=', id)
    .where('credited_at', 'is', null);
  if (change.from) query = query.where('status', 'in', change.from);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the status of a credited payment (refunds). */
export async function setCreditedPaymentStatus(db: Db, id: string, status: PaymentStatus, nowIso: string) {
  await db.updateTable('payments').set({ status, updated_at: nowIso }).where('id', '=', id).execute();
}

/** Marks a payment completed and credited with its capture and lot; false when it was credited already. */
export async function markPaymentCredited(
  db: Db,
  id: string,
  change: { captureId: string; lotId: string; payerId: string | null; nowIso: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: 'completed',
      capture_id: change.captureId,
      lot_id: change.lotId,
      payer_id: change.payerId,
      last_issue: null,
      credited_at: change.nowIso,
      updated_at: change.nowIso,
    })
    .where('id', '=', id)
    .where('credited_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uncredited payments in one of `statuses` untouched since `updatedBefore` and newer than `createdAfter`. */
export async function listPaymentsToReconcile(
  db: Db,
  filter: { statuses: PaymentStatus[]; updatedBefore: string; createdAfter: string; limit: number },
): Promise<Payment[]> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', filter.statuses)
    .where('credited_at', 'is', null)
    .where('updated_at', '<', filter.updatedBefore)
    .where('created_at', '>', filter.createdAfter)
    .orderBy('updated_at')
    .limit(filter.limit)
    .execute();
  return rows.map(toPayment);
}

/** Records a webhook event id; false when it was recorded before (a repeat delivery). */
export async function insertWebhookEvent(
  db: Db,
  event: { eventId: string; eventType: string; resourceId: string | null; nowIso: string },
): Promise<boolean> {
  const result = await db
    .insertInto('webhook_events')
    .values({
      event_id: event.eventId,
      event_type: event.eventType,
      resource_id: event.resourceId,
      received_at: event.nowIso,
      processed_at: null,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function isWebhookEventProcessed(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_events')
    .select('processed_at')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Boolean(row?.processed_at);
}

export async function markWebhookEventProcessed(db: Db, eventId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('webhook_events')
    .set({ processed_at: nowIso })
    .where('event_id', '=', eventId)
    .execute();
}

/** Records a refund or reversal once per external reference; false when that reference was recorded before. */
export async function insertPaymentAdjustment(db: Db, adjustment: PaymentAdjustmentsTable): Promise<boolean> {
  const result = await db
    .insertInto('payment_adjustments')
    .values(adjustment)
    .onConflict((oc) => oc.column('external_ref').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findPaymentAdjustmentByRef(
  db: Db,
  externalRef: string,
): Promise<PaymentAdjustment | undefined> {
  return db
    .selectFrom('payment_adjustments')
    .selectAll()
    .where('external_ref', '=', externalRef)
    .executeTakeFirst();
}

export async function listPaymentAdjustments(db: Db, paymentId: string): Promise<PaymentAdjustment[]> {
  return db
    .selectFrom('payment_adjustments')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
