import { WEBHOOK_MAX_ATTEMPTS, type WebhookEvent, type WebhookEventType } from '@threadcart/contracts';
import type { Db } from '../../db/database.ts';
import { findOrderById } from '../../db/repositories/orders/orders.repository.ts';
import { insertEventWithDeliveries } from '../../db/repositories/operations/webhook-deliveries.repository.ts';
import { listUserWebhookEndpoints } from '../../db/repositories/operations/webhook-endpoints.repository.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../lib/ids.ts';
import { toOrder } from '../orders/orders.service.ts';

/** A test event is tried once: its owner is watching the log and can send another. */
const TEST_EVENT_ATTEMPTS = 1;

/**
 * Writes the event of an order's status change (`order.completed`, `order.failed`) with one pending delivery per
 * endpoint its owner has, through `trx`: the caller's transaction that made the change, so the event exists exactly
 * when the change committed, once per change. A user without endpoints gets no event (nothing would deliver it).
 */
export async function recordOrderEvent(
  deps: Pick<Deps, 'clock' | 'config'>,
  trx: Db,
  orderId: string,
  type: Extract<WebhookEventType, 'order.completed' | 'order.failed'>,
): Promise<void> {
  const row = await findOrderById(trx, orderId);
  if (!row) return;
  const endpoints = await listUserWebhookEndpoints(trx, row.user_id);
  if (endpoints.length === 0) return;
  const now = deps.clock.now();
  const order = toOrder(row);
  const base = `${deps.config.appUrl}/api`;
  const event: WebhookEvent = {
    id: newId(now.getTime()),
    type,
    created_at: now.toISOString(),
    data: {
      order,
      links: {
        order: `${base}/search-queries/${order.id}/`,
        download: order.there_is_file ? `${base}/download/${order.id}/` : null,
        manifest: order.status === 'completed' ? `${base}/search-queries/${order.id}/manifest/` : null,
      },
    },
  };
  await insertEventWithDeliveries(
    trx,
    {
      id: event.id,
      user_id: row.user_id,
      type,
      order_id: row.id,
      payload: JSON.stringify(event),
      created_at: event.created_at,
    },
    endpoints.map((endpoint) => ({
      id: newId(now.getTime()),
      endpointId: endpoint.id,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    })),
  );
}

/** Writes a `webhook.test` event with one delivery, to this endpoint only, tried once; returns the delivery's id. */
export async function recordTestEvent(
  deps: Pick<Deps, 'clock'>,
  db: Db,
  endpoint: { id: string; userId: string },
): Promise<string> {
  const now = deps.clock.now();
  const event: WebhookEvent = {
    id: newId(now.getTime()),
    type: 'webhook.test',
    created_at: now.toISOString(),
    data: {
      endpoint_id: endpoint.id,
      message: 'This is a test event from Threadcart. Your endpoint received and can verify it.',
    },
  };
  const deliveryId = newId(now.getTime());
  await insertEventWithDeliveries(
    db,
    {
      id: event.id,
      user_id: endpoint.userId,
      type: 'webhook.test',
      order_id: null,
      payload: JSON.stringify(event),
      created_at: event.created_at,
    },
    [{ id: deliveryId, endpointId: endpoint.id, maxAttempts: TEST_EVENT_ATTEMPTS }],
  );
  return deliveryId;
}
