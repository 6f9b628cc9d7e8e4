import type { Selectable } from 'kysely';
import type { WebhookEventType } from '@threadcart/contracts';

export type WebhookDeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';

/** A user's webhook endpoint; its secret signs every request sent to it. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  description: string | null;
  secret: string;
  created_at: string;
}

/** An event for a user's endpoints, written in the transaction of the change it reports. */
export interface OutgoingEventsTable {
  id: string;
  user_id: string;
  type: WebhookEventType;
  order_id: string | null;
  /** the JSON body, sent unchanged on every try */
  payload: string;
  created_at: string;
}

/** One event to one endpoint; also its own job: the worker claims due rows under a lease. */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  max_attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** The log: one row per try of a delivery. */
export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  outgoing_events: OutgoingEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookDeliveryAttemptsTable>;
