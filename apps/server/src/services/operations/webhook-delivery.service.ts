import { WEBHOOK_SIGNATURE_HEADER } from '@threadcart/contracts';
import {
  claimDueWebhookDeliveries,
  deleteEventsCreatedBefore,
  finishWebhookAttempt,
  type ClaimedWebhookDelivery,
} from '../../db/repositories/operations/webhook-deliveries.repository.ts';
import type { Deps } from '../../deps.ts';
import { addDays } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { THREADCART_VERSION } from '../../lib/version.ts';
import { postToTarget, resolveWebhookTarget, WebhookSendError } from '../../webhooks/post-webhook.ts';
import { signatureHeader } from '../../webhooks/signature.ts';

/** The wait after a failed try n is RETRY_BASE_MS × 4^(n−1): 45 s, 3 min, 12 min, 48 min (5 tries in 64 min). */
export const WEBHOOK_RETRY_BASE_MS = 45_000;
/** Tries made side by side, so one slow endpoint does not hold back the others. */
const CONCURRENCY = 8;
/** At most this many tries per run of the job, so one run never holds the scheduler for long. */
const TRIES_PER_RUN = 64;
/** At most this much of an endpoint's answer is read (and discarded). */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** The lease outlives the request's timeout by this margin; a worker that dies lets another retry after it. */
const LEASE_MARGIN_MS = 30_000;

/** The wait before the try after try `attempt` failed. */
export function webhookRetryDelayMs(attempt: number): number {
  return WEBHOOK_RETRY_BASE_MS * 4 ** (attempt - 1);
}

/**
 * Makes the tries that are due (oldest first, CONCURRENCY at a time, at most TRIES_PER_RUN) and returns how many it
 * made. Each claimed delivery is signed afresh, sent to its endpoint's checked address and logged; a failed try is
 * due again after its backoff, the last one fails the delivery.
 */
export async function deliverDueWebhooks(deps: Deps, workerId: string): Promise<number> {
  let tries = 0;
  while (tries < TRIES_PER_RUN) {
    const now = deps.clock.now();
    const claimed = await claimDueWebhookDeliveries(deps.db, {
      workerId,
      nowIso: now.toISOString(),
      leaseExpiresAt: new Date(
        now.getTime() + deps.config.webhooks.timeoutMs + LEASE_MARGIN_MS,
      ).toISOString(),
      limit: Math.min(CONCURRENCY, TRIES_PER_RUN - tries),
    });
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((delivery) => attemptDelivery(deps, delivery, workerId)));
    tries += claimed.length;
  }
  return tries;
}

async function attemptDelivery(
  deps: Deps,
  delivery: ClaimedWebhookDelivery,
  workerId: string,
): Promise<void> {
  if (delivery.attempt > delivery.maxAttempts) {
    // The worker making the last try died (its lease lapsed): the delivery is out of tries.
    await finishWebhookAttempt(deps.db, {
      deliveryId: delivery.id,
      workerId,
      status: 'failed',
      nextAttemptAt: null,
      nowIso: deps.clock.now().toISOString(),
      log: null,
    });
    return;
  }
  const attemptedAt = deps.clock.now();
  const startedAt = performance.now();
  let statusCode: number | null = null;
  let error: string | null;
  try {
    const target = await resolveWebhookTarget(delivery.url, {
      allowPrivate: deps.config.webhooks.allowPrivate,
    });
    statusCode = await postToTarget(target, {
      body: delivery.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': `Threadcart-Webhooks/${THREADCART_VERSION}`,
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(
          delivery.secret,
          Math.floor(attemptedAt.getTime() / 1000),
          delivery.payload,
        ),
        'threadcart-event-id': delivery.eventId,
        'threadcart-event-type': delivery.eventType,
        'threadcart-delivery-attempt': String(delivery.attempt),
      },
      timeoutMs: deps.config.webhooks.timeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
    });
    error = answerError(statusCode);
  } catch (caught) {
    if (!(caught instanceof WebhookSendError)) deps.logger.error({ err: caught }, 'webhook try failed');
    error = caught instanceof WebhookSendError ? caught.message : 'The request could not be made.';
  }
  const durationMs = Math.round(performance.now() - startedAt);
  const now = deps.clock.now();
  const isDelivered = error === null;
  const isLast = delivery.attempt >= delivery.maxAttempts;
  const isLogged = await finishWebhookAttempt(deps.db, {
    deliveryId: delivery.id,
    workerId,
    status: isDelivered ? 'succeeded' : isLast ? 'failed' : 'pending',
    nextAttemptAt:
      isDelivered || isLast
        ? null
        : new Date(now.getTime() + webhookRetryDelayMs(delivery.attempt)).toISOString(),
    nowIso: now.toISOString(),
    log: {
      id: newId(now.getTime()),
      delivery_id: delivery.id,
      attempt: delivery.attempt,
      attempted_at: attemptedAt.toISOString(),
      duration_ms: durationMs,
      status_code: statusCode,
      error,
    },
  });
  deps.logger.info(
    {
      deliveryId: delivery.id,
      endpointId: delivery.endpointId,
      attempt: delivery.attempt,
      statusCode,
      error,
      isLogged,
    },
    'webhook try',
  );
}

/** Why an answer does not count as delivered, or null for a 2xx. */
function answerError(statusCode: number): string | null {
  if (statusCode >= 200 && statusCode < 300) return null;
  if (statusCode >= 300 && statusCode < 400)
    return `The endpoint answered ${statusCode} (a redirect); redirects are not followed.`;
  return `The endpoint answered ${statusCode}.`;
}

/** Deletes events (with their deliveries and log) older than the retention period; returns how many. */
export async function purgeOldWebhookEvents(deps: Deps, batchSize = 500): Promise<number> {
  const cutoff = addDays(deps.clock.now(), -deps.config.retentionDays).toISOString();
  let purged = 0;
  for (;;) {
    const deleted = await deleteEventsCreatedBefore(deps.db, cutoff, batchSize);
    purged += deleted;
    if (deleted < batchSize) return purged;
  }
}
