import { createSign, createVerify, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { PayPalSimulator } from './sim-state.ts';
import { simId, type SimReply } from './sim-types.ts';

export const SIM_CERT_ID = 'CERT-SIMULATED';

export type SimEventType =
  | 'CHECKOUT.ORDER.APPROVED'
  | 'CHECKOUT.PAYMENT-APPROVAL.REVERSED'
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.PENDING'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED'
  | 'PAYMENT.CAPTURE.REVERSED';

/** A webhook delivery as PayPal would send it: the exact body and PayPal's transmission headers. */
export interface SignedWebhook {
  readonly eventId: string;
  readonly body: string;
  readonly headers: Record<string, string>;
}

/**
 * PayPal's webhook side of the simulator: builds events, signs them the way PayPal does (SHA256withRSA over
 * `transmissionId|time|webhookId|crc32(body)`) with a key made on first use, and answers verify-webhook-signature.
 */
export class SimWebhooks {
  private keys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

  constructor(private readonly sim: PayPalSimulator) {}

  get certUrl(): string {
    return `${this.sim.baseUrl}/v1/notifications/certs/${SIM_CERT_ID}`;
  }

  publicKeyPem(): string {
    return this.keyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  /** The event for an order's current state; undefined when the order has nothing to report for that type. */
  build(type: SimEventType, orderId: string): SignedWebhook | undefined {
    const order = this.sim.orders.get(orderId);
    if (!order) return undefined;
    const capture = order.captures[0];
    let resourceType = 'capture';
    let resource: Record<string, unknown>;
    if (type === 'CHECKOUT.ORDER.APPROVED') {
      resourceType = 'checkout-order';
      resource = this.sim.orderJson(order);
    } else if (type === 'CHECKOUT.PAYMENT-APPROVAL.REVERSED') {
      resourceType = 'checkout-order';
      resource = { order_id: order.id, purchase_units: [{ custom_id: order.unit.custom_id }] };
    } else if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
      const refund = capture?.refunds.at(-1);
      if (!capture || !refund) return undefined;
      resourceType = 'refund';
      const { status, amount, create_time } = refund;
      resource = {
        id: refund.id,
        status,
        amount,
        create_time,
        custom_id: capture.custom_id,
        links: [
          { href: `${this.sim.baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
          { href: `${this.sim.baseUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
        ],
      };
    } else {
      if (!capture) return undefined;
      resource = this.sim.captureJson(capture, order);
    }
    const event = {
      id: simId('WH-', 30),
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary: `Simulated ${type}`,
      resource,
      links: [],
    };
    return this.sign(event.id, JSON.stringify(event));
  }

  /** Signs a body as PayPal would for this simulator's webhook id. */
  sign(eventId: string, body: string): SignedWebhook {
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const message = `${transmissionId}|${transmissionTime}|${this.sim.options.webhookId}|${crc32(body)}`;
    const signature = createSign('RSA-SHA256').update(message).sign(this.keyPair().privateKey, 'base64');
    return {
      eventId,
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': this.certUrl,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  /** POST /v1/notifications/verify-webhook-signature: SUCCESS only for a body and headers this simulator signed. */
  verify(body: unknown): SimReply {
    const fields = (body ?? {}) as Record<string, unknown>;
    const names = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    if (names.some((n) => typeof fields[n] !== 'string') || typeof fields.webhook_event !== 'object') {
      return {
        status: 400,
        body: { name: 'VALIDATION_ERROR', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] },
      };
    }
    // The event arrives spliced in byte for byte; the simulator signs JSON.stringify output, which re-serialises alike.
    const eventBody = JSON.stringify(fields.webhook_event);
    const message = `${fields.transmission_id}|${fields.transmission_time}|${fields.webhook_id}|${crc32(eventBody)}`;
    const isValid =
      fields.cert_url === this.certUrl &&
      fields.auth_algo === 'SHA256withRSA' &&
      createVerify('RSA-SHA256')
        .update(message)
        .verify(this.keyPair().publicKey, fields.transmission_sig as string, 'base64');
    return { status: 200, body: { verification_status: isValid ? 'SUCCESS' : 'FAILURE' } };
  }

  /** Delivers a signed event to a listener over HTTP; resolves with the listener's status (0 when unreachable). */
  async deliver(url: string, webhook: SignedWebhook): Promise<number> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: webhook.headers,
        body: webhook.body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  private keyPair() {
    this.keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return this.keys;
  }
}
