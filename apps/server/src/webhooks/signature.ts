import { createHmac } from 'node:crypto';
import { randomToken } from '../lib/secret-tokens.ts';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint's signing secret: `whsec_` and 32 random bytes (base64url). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomToken(32)}`;
}

/**
 * The `Threadcart-Signature` header for a body sent at `timestampSeconds`: `t=<seconds>,v1=<hex>`, where v1 is the
 * HMAC-SHA256 of `${t}.${body}` keyed with the whole secret string (Stripe's scheme; docs/decisions/030).
 */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
