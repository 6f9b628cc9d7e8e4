import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '@threadcart/contracts';
import { AppError } from '../errors.ts';

/** NUL (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (no UTF-8 form: each database stores it differently). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const ILL_FORMED_TEXT = /[\u0000\p{Cs}]/u;

/**
 * True when any string (or object key) in a parsed body, query or params holds NUL or a lone surrogate. Iterative, so
 * a body nested as deep as the JSON parser allows cannot overflow the stack.
 */
export function holdsIllFormedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (ILL_FORMED_TEXT.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (ILL_FORMED_TEXT.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Refuses, with a 400 before any route runs, a request whose parsed body, query or path parameters hold NUL or a
 * lone surrogate (docs/decisions/025-hostile-campaign.md): found by the hostile-input campaign, where they gave a 500
 * on PostgreSQL and were stored as different text on each database. Raw bodies (the PayPal webhook) stay strings and
 * are checked by their own signature.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      holdsIllFormedText(request.params) ||
      holdsIllFormedText(request.query) ||
      (typeof request.body === 'object' && holdsIllFormedText(request.body))
    )
      throw new AppError(400, API_MESSAGES.invalidText, 'invalid_text');
  });
}
