import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../database.ts';
import type { Database } from '../../schema.ts';
import type {
  OutgoingEventsTable,
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookDeliveryStatus,
} from '../../tables/webhooks.tables.ts';

export type { WebhookAttemptRow, WebhookDeliveryRow };

/** A delivery as the log shows it: the row with its event's type and order. */
export type WebhookDeliveryView = WebhookDeliveryRow & Pick<OutgoingEventsTable, 'type' | 'order_id'>;

/** A claimed delivery with everything its request needs. */
export interface ClaimedWebhookDelivery {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: OutgoingEventsTable['type'];
  readonly endpointId: string;
  /** this try's number (counted at the claim) */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly url: string;
  readonly secret: string;
  readonly payload: string;
}

/** Stores an event and one pending delivery per endpoint, due at once (in the caller's transaction). */
export async function insertEventWithDeliveries(
  db: Db,
  event: OutgoingEventsTable,
  deliveries: ReadonlyArray<{ id: string; endpointId: string; maxAttempts: number }>,
): Promise<void> {
  await db.insertInto('outgoing_events').values(event).execute();
  if (deliveries.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((d) => ({
        id: d.id,
        event_id: event.id,
        endpoint_id: d.endpointId,
        status: 'pending' as const,
        attempts: 0,
        max_attempts: d.maxAttempts,
        next_attempt_at: event.created_at,
        lease_owner: null,
        lease_expires_at: null,
        created_at: event.created_at,
        updated_at: event.created_at,
        completed_at: null,
      })),
    )
    .execute();
}

/** Pending and past its time, or delivering with a lapsed lease (its worker died). */
const isDue = (nowIso: string) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
    eb.and([eb('status', '=', 'delivering'), eb('lease_expires_at', '<', nowIso)]),
  ]);

/**
 * Claims up to `limit` deliveries that are due (pending and past their time, or delivering with a lapsed lease: their
 * worker died) for one worker, counting the try. Each claim is a conditional update of one row, so of two workers
 * racing for a delivery exactly one wins on either dialect; the loser moves on to the next candidate.
 */
export async function claimDueWebhookDeliveries(
  db: Db,
  input: { workerId: string; nowIso: string; leaseExpiresAt: string; limit: number },
): Promise<ClaimedWebhookDelivery[]> {
  const candidates = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'attempts'])
    .where(isDue(input.nowIso))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(input.limit * 2)
    .execute();
  const claimed: string[] = [];
  for (const candidate of candidates) {
    if (claimed.length >= input.limit) break;
    const result = await db
      .updateTable('webhook_deliveries')
      .set({
        status: 'delivering',
        attempts: candidate.attempts + 1,
        lease_owner: input.workerId,
        lease_expires_at: input.leaseExpiresAt,
        updated_at: input.nowIso,
      })
      .where('id', '=', candidate.id)
      .where('attempts', '=', candidate.attempts)
      .where(isDue(input.nowIso))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(candidate.id);
  }
  if (claimed.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('outgoing_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as ep', 'ep.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.event_id',
      'd.endpoint_id',
      'd.attempts',
      'd.max_attempts',
      'e.type',
      'e.payload',
      'ep.url',
      'ep.secret',
    ])
    .where('d.id', 'in', claimed)
    .where('d.lease_owner', '=', input.workerId)
    .orderBy('d.next_attempt_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventType: r.type,
    endpointId: r.endpoint_id,
    attempt: r.attempts,
    maxAttempts: r.max_attempts,
    url: r.url,
    secret: r.secret,
    payload: r.payload,
  }));
}

/**
 * Ends a try: the delivery moves to `status` (pending again with its next time, or succeeded / failed) and the try
 * joins the log, only while this worker still holds the delivery. False when it does not (the endpoint was deleted
 * meanwhile, or the lease lapsed and another worker took over): then nothing is written.
 */
export async function finishWebhookAttempt(
  db: Db,
  input: {
    deliveryId: string;
    workerId: string;
    status: Exclude<WebhookDeliveryStatus, 'delivering'>;
    nextAttemptAt: string | null;
    nowIso: string;
    log: WebhookAttemptRow | null;
  },
): Promise<boolean> {
  const isFinal = input.status === 'succeeded' || input.status === 'failed';
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: input.status,
      next_attempt_at: input.nextAttemptAt,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: input.nowIso,
      completed_at: isFinal ? input.nowIso : null,
    })
    .where('id', '=', input.deliveryId)
    .where('status', '=', 'delivering')
    .where('lease_owner', '=', input.workerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (input.log) await db.insertInto('webhook_delivery_attempts').values(input.log).execute();
  return true;
}

/** An endpoint's deliveries joined with their events' type and order (the log's rows). */
const endpointDeliveries = (db: Db, endpointId: string) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('outgoing_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.type', 'e.order_id'])
    .where('d.endpoint_id', '=', endpointId);

/** One endpoint's latest deliveries, newest first, with their events' types. */
export async function listEndpointDeliveries(
  db: Db,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryView[]> {
  return endpointDeliveries(db, endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** One delivery of an endpoint, with its event's type (undefined when there is no such delivery). */
export async function findEndpointDelivery(
  db: Db,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryView | undefined> {
  return endpointDeliveries(db, endpointId).where('d.id', '=', deliveryId).executeTakeFirst();
}

/** The tries of these deliveries, newest first. */
export async function listDeliveryAttempts(
  db: Db,
  deliveryIds: readonly string[],
): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_delivery_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('attempt', 'desc')
    .execute();
}

/** Deletes up to `limit` events created before the cutoff, their deliveries and log with them; returns how many. */
export async function deleteEventsCreatedBefore(db: Db, cutoffIso: string, limit: number): Promise<number> {
  const old = await db
    .selectFrom('outgoing_events')
    .select('id')
    .where('created_at', '<', cutoffIso)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  if (old.length === 0) return 0;
  await db
    .deleteFrom('outgoing_events')
    .where(
      'id',
      'in',
      old.map((r) => r.id),
    )
    .execute();
  return old.length;
}
