import { z } from 'zod';
import { OrderSchema } from './orders.ts';

/** Webhooks (docs/decisions/030-webhooks-and-schedules.md): endpoints, their delivery log and the events they get. */

/** The events an endpoint receives: every order's end, and the test an owner sends by hand. */
export const WEBHOOK_EVENT_TYPES = ['order.completed', 'order.failed', 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Endpoints one user may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** A delivery is tried this many times (the first try and four retries, over about an hour). */
export const WEBHOOK_MAX_ATTEMPTS = 5;
/** How far a receiver should let the signature's timestamp be from its own clock (seconds). */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Threadcart-Signature';

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the address of your endpoint.',
  urlTooLong: `The address must be at most ${WEBHOOK_URL_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  urlInvalid:
    'Enter a full address starting with https:// or http://, such as https://example.com/hooks/threadcart.',
  urlScheme: 'The address must start with https:// or http://.',
  urlCredentials:
    'Leave the user name and password out of the address; your endpoint checks the signature instead.',
  urlNotPublic: (host: string, address: string) =>
    `Webhooks go only to public internet addresses: ${host} is ${address}, a private, loopback or reserved address.`,
  hostNotFound: (host: string) => `The host name ${host} was not found. Check the address and try again.`,
  descriptionTooLong: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters.`,
  tooManyEndpoints: `You already have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one before adding another.`,
  secretShownOnce:
    'Copy this signing secret now: it is shown only once. Your endpoint uses it to check that a request comes from Threadcart.',
  testQueued: 'A test event is on its way; its delivery appears below in a few seconds.',
} as const;

/** Why a webhook address is refused (a message of WEBHOOK_MESSAGES), or undefined when it is acceptable. */
export function checkWebhookUrl(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return WEBHOOK_MESSAGES.urlRequired;
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return WEBHOOK_MESSAGES.urlTooLong;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_MESSAGES.urlScheme;
  if (url.username !== '' || url.password !== '') return WEBHOOK_MESSAGES.urlCredentials;
  if (url.hostname === '') return WEBHOOK_MESSAGES.urlInvalid;
  return undefined;
}

export const CreateWebhookEndpointRequestSchema = z.object({
  url: z
    .string(WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_URL_MAX_LENGTH * 2, WEBHOOK_MESSAGES.urlTooLong)
    .superRefine((value, ctx) => {
      const message = checkWebhookUrl(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_MESSAGES.descriptionTooLong)
    .nullish(),
});
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequestSchema>;

/** One try of a delivery: when, how long, and the endpoint's answer or why there was none. */
export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  attempted_at: z.string(),
  duration_ms: z.number().int(),
  /** the endpoint's HTTP status, null when no answer came (refused, timed out, unreachable) */
  status_code: z.number().int().nullable(),
  /** why the try failed, null when the endpoint answered 2xx */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** One event sent to one endpoint, with every try so far (newest first). */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  order_id: z.string().nullable(),
  /** pending: waiting for its first or next try; delivering: a try is under way; succeeded; failed: out of tries */
  status: z.enum(['pending', 'delivering', 'succeeded', 'failed']),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** when the next try is due (pending only) */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  attempt_log: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  /** the latest deliveries (at most 5), newest first */
  recent_deliveries: z.array(WebhookDeliverySchema),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpointSchema>;

export const WebhookEndpointListResponseSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
export type WebhookEndpointListResponse = z.infer<typeof WebhookEndpointListResponseSchema>;

export const WebhookDeliveryListResponseSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryListResponse = z.infer<typeof WebhookDeliveryListResponseSchema>;

export const WebhookTestResponseSchema = z.object({ delivery: WebhookDeliverySchema, detail: z.string() });
export type WebhookTestResponse = z.infer<typeof WebhookTestResponseSchema>;

/** Absolute addresses a receiver follows: the order, its file and its manifest. */
export const WebhookOrderLinksSchema = z.object({
  order: z.string(),
  download: z.string().nullable(),
  manifest: z.string().nullable(),
});

/** The JSON body of every webhook request; `id` is the same on every try, so receivers can drop repeats. */
export const WebhookEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string(),
    type: z.enum(['order.completed', 'order.failed']),
    created_at: z.string(),
    data: z.object({ order: OrderSchema, links: WebhookOrderLinksSchema }),
  }),
  z.object({
    id: z.string(),
    type: z.literal('webhook.test'),
    created_at: z.string(),
    data: z.object({ endpoint_id: z.string(), message: z.string() }),
  }),
]);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
