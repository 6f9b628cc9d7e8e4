import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import { lockUserCredits } from '../../db/repositories/payments/credits.repository.ts';
import {
  findEndpointDelivery,
  listDeliveryAttempts,
  listEndpointDeliveries,
  type WebhookDeliveryView,
} from '../../db/repositories/operations/webhook-deliveries.repository.ts';
import {
  countUserWebhookEndpoints,
  deleteUserWebhookEndpoint,
  findUserWebhookEndpoint,
  insertWebhookEndpoint,
  listUserWebhookEndpoints,
  type WebhookEndpointRow,
} from '../../db/repositories/operations/webhook-endpoints.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError, FieldErrors, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { resolveWebhookTarget, WebhookSendError } from '../../webhooks/post-webhook.ts';
import { newWebhookSecret } from '../../webhooks/signature.ts';
import { recordTestEvent } from './webhook-events.service.ts';

/** Deliveries shown with each endpoint in the list; the log route shows up to LOG_LENGTH. */
const RECENT_DELIVERIES = 5;
const LOG_LENGTH = 50;

/**
 * Adds an endpoint for the user and returns it with its signing secret, the only time the secret is shown. The
 * address must pass the contracts' checks and, unless the operator allows private addresses, resolve to a public one
 * (400 on `url` otherwise); a user has at most MAX_WEBHOOK_ENDPOINTS (409), counted under the user's lock.
 */
export async function createWebhookEndpoint(
  deps: Deps,
  userId: string,
  body: CreateWebhookEndpointRequest,
): Promise<CreatedWebhookEndpoint> {
  const url = body.url.trim();
  try {
    await resolveWebhookTarget(url, { allowPrivate: deps.config.webhooks.allowPrivate });
  } catch (error) {
    if (error instanceof WebhookSendError) throw new FieldErrors({ url: [error.message] });
    throw error;
  }
  const now = deps.clock.now();
  const row: WebhookEndpointRow = {
    id: newId(now.getTime()),
    user_id: userId,
    url,
    description: body.description?.trim() || null,
    secret: newWebhookSecret(),
    created_at: now.toISOString(),
  };
  await withTransaction(deps.db, async (trx) => {
    await lockUserCredits(trx, userId);
    if ((await countUserWebhookEndpoints(trx, userId)) >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError(409, WEBHOOK_MESSAGES.tooManyEndpoints, 'too_many_webhook_endpoints');
    await insertWebhookEndpoint(trx, row);
  });
  return { ...toEndpoint(row, []), secret: row.secret };
}

/** The user's endpoints, oldest first, each with its latest deliveries (never the secrets). */
export async function listWebhookEndpoints(deps: Deps, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await listUserWebhookEndpoints(deps.db, userId);
  return Promise.all(
    rows.map(async (row) => toEndpoint(row, await deliveriesWithLog(deps, row.id, RECENT_DELIVERIES))),
  );
}

/** Deletes one of the user's endpoints with its pending deliveries and log; 404 when it is not theirs. */
export async function deleteWebhookEndpoint(deps: Deps, userId: string, endpointId: string): Promise<void> {
  if (!(await deleteUserWebhookEndpoint(deps.db, userId, endpointId))) throw notFound();
}

/** One endpoint's delivery log (up to LOG_LENGTH deliveries, newest first, with every try); 404 if not theirs. */
export async function listWebhookDeliveries(
  deps: Deps,
  userId: string,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  const endpoint = await findUserWebhookEndpoint(deps.db, userId, endpointId);
  if (!endpoint) throw notFound();
  return deliveriesWithLog(deps, endpoint.id, LOG_LENGTH);
}

/** Queues a `webhook.test` event to one of the user's endpoints (tried once, by the worker); 404 if not theirs. */
export async function sendTestWebhook(
  deps: Deps,
  userId: string,
  endpointId: string,
): Promise<WebhookDelivery> {
  const endpoint = await findUserWebhookEndpoint(deps.db, userId, endpointId);
  if (!endpoint) throw notFound();
  const deliveryId = await withTransaction(deps.db, (trx) =>
    recordTestEvent(deps, trx, { id: endpoint.id, userId }),
  );
  const delivery = await findEndpointDelivery(deps.db, endpoint.id, deliveryId);
  return toDelivery(delivery!, []);
}

async function deliveriesWithLog(deps: Deps, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
  const deliveries = await listEndpointDeliveries(deps.db, endpointId, limit);
  const attempts = await listDeliveryAttempts(
    deps.db,
    deliveries.map((d) => d.id),
  );
  return deliveries.map((d) =>
    toDelivery(
      d,
      attempts.filter((a) => a.delivery_id === d.id),
    ),
  );
}

function toEndpoint(row: WebhookEndpointRow, deliveries: WebhookDelivery[]): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    created_at: row.created_at,
    recent_deliveries: deliveries,
  };
}

function toDelivery(
  row: WebhookDeliveryView,
  attempts: Awaited<ReturnType<typeof listDeliveryAttempts>>,
): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.type,
    order_id: row.order_id,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    created_at: row.created_at,
    completed_at: row.completed_at,
    attempt_log: attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: a.attempted_at,
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      error: a.error,
    })),
  };
}
