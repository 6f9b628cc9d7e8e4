import Fastify from 'fastify';
import { paypalSimulatorPlugin } from '../src/payments/simulator/sim-plugin.ts';
import { PayPalSimulator } from '../src/payments/simulator/sim-state.ts';
import type { SimFault, SimRequestLog } from '../src/payments/simulator/sim-types.ts';
import {
  SimWebhooks,
  type SignedWebhook,
  type SimEventType,
} from '../src/payments/simulator/sim-webhooks.ts';

export const FAKE_PAYPAL_CREDENTIALS = {
  clientId: 'fake-client-id',
  clientSecret: 'fake-client-secret',
  webhookId: 'WH-FAKE-LISTENER',
} as const;

export interface FakePaypal {
  /** Base URL of the fake (what PAYPAL_BASE_URL points at). */
  readonly url: string;
  /** PAYPAL_* variables that point the app's adapter at this fake. */
  readonly env: Record<string, string>;
  readonly sim: PayPalSimulator;
  /** Signs any body as this fake's PayPal would (for events about orders it never saw). */
  readonly webhooks: SimWebhooks;
  /** The payer approves (or picks the declining card, or cancels) without a browser. */
  decide(orderId: string, decision: 'approve' | 'decline' | 'cancel'): Promise<void>;
  /** Captures behind the app's back, as if a capture's response had been lost. */
  captureBehind(orderId: string): Promise<string>;
  refund(orderId: string, value?: string): Promise<string>;
  next(fault: SimFault): Promise<void>;
  expireTokens(): Promise<void>;
  signWebhook(eventType: SimEventType, orderId: string): Promise<SignedWebhook>;
  requests(): Promise<SimRequestLog[]>;
  close(): Promise<void>;
}

/**
 * Starts the fake PayPal standalone on an ephemeral port (the same simulator the app mounts, plus /__control),
 * and returns a small client for the control API; everything goes over real HTTP.
 */
export async function startFakePaypal(options: { webhookUrl?: string } = {}): Promise<FakePaypal> {
  let url = '';
  const sim = new PayPalSimulator({ ...FAKE_PAYPAL_CREDENTIALS, publicUrl: () => url });
  const webhooks = new SimWebhooks(sim);
  const server = Fastify({ logger: false });
  await server.register(
    paypalSimulatorPlugin({ sim, webhooks, enableControl: true, webhookUrl: options.webhookUrl }),
  );
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  url = address.replace('localhost', '127.0.0.1');

  const control = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/__control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`fake PayPal control ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  return {
    url,
    env: {
      PAYPAL_CLIENT_ID: FAKE_PAYPAL_CREDENTIALS.clientId,
      PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CREDENTIALS.clientSecret,
      PAYPAL_BASE_URL: url,
      PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_CREDENTIALS.webhookId,
    },
    sim,
    webhooks,
    decide: async (orderId, decision) => {
      await control('POST', `/orders/${orderId}/${decision}`);
    },
    captureBehind: async (orderId) =>
      (await control<{ capture_id: string }>('POST', `/orders/${orderId}/capture`)).capture_id,
    refund: async (orderId, value) =>
      (await control<{ refund_id: string }>('POST', `/orders/${orderId}/refund`, value ? { value } : {}))
        .refund_id,
    next: async (fault) => {
      await control('POST', '/next', fault);
    },
    expireTokens: async () => {
      await control('POST', '/expire-tokens');
    },
    signWebhook: (eventType, orderId) =>
      control<SignedWebhook>('POST', '/webhooks/sign', { event_type: eventType, order_id: orderId }),
    requests: async () => (await control<{ requests: SimRequestLog[] }>('GET', '/requests')).requests,
    close: () => server.close(),
  };
}
