// What the hostile-input campaign's cases share: the actors set up against the running server, hostile strings
// and the body builders (docs/decisions/025-hostile-campaign.md).
import type { TestSession } from '../auth-helpers.ts';
import type { HostileCase } from './hostile-http.ts';

/** A public address (example.com's) for webhook endpoints: no DNS needed, and accepted with WEBHOOK_ALLOW_PRIVATE off. */
export const PUBLIC_HOST = '93.184.215.14';
export const JSON_TYPE = { 'content-type': 'application/json' };

export const NUL = 'a\u0000b';
export const HOSTILE_STRINGS: Record<string, string> = {
  nul: NUL,
  'lone high surrogate': 'x\ud800y',
  'lone low surrogate': '\udc00',
  'reversed pair': '\udc00\ud800',
};
export const SQL_FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5); --',
  "') UNION SELECT password_hash FROM users --",
  '%; DELETE FROM credit_ledger; --',
];

export interface Actors {
  alice: TestSession;
  bob: TestSession;
  carolOld: TestSession;
  /** Signed up but never confirmed: no credits, so a valid order from Dave is refused with 402 and places nothing. */
  dave: TestSession;
  admin: TestSession;
  revokedKey: string;
  aliceKeyId: string;
  /** Alice's live API key (both scopes) and a read-only one: the takeover chain's cases (issue 28). */
  aliceLiveKey: string;
  aliceReadOnlyKey: string;
  /** Second sessions of Bob and Dave, for categories that run after their first ones were ended. */
  bobAgain: TestSession;
  daveAgain: TestSession;
  /** Alice's webhook endpoint (a public address, so it passes with WEBHOOK_ALLOW_PRIVATE off). */
  aliceWebhookId: string;
  /** Alice's weekly scheduled order. */
  aliceScheduleId: string;
  alicePendingPayPalOrder: string;
  /** A search order of Alice's, waiting (no worker runs): re-running it as anyone else is a 404. */
  aliceSearchOrder: string;
  aliceCompletedPayPalOrder: string;
  replayBody: string;
  replayHeaders: Record<string, string>;
}

/** JSON body with the session's cookie and CSRF token. */
export function asUser(session: TestSession, extra: Record<string, string> = {}): Record<string, string> {
  return { ...JSON_TYPE, ...session.headers, ...extra };
}

/** A group nested `depth` deep, as JSON text (JSON.stringify recurses, so the text is built by hand). */
export function deepGroupJson(depth: number, key = 'rules'): string {
  const leaf = '{"field":"keyword","operator":"keyword_contains","value":"x"}';
  const open = `{"combinator":"or","${key}":[`.repeat(depth - 1);
  return `${open}{"combinator":"and","${key}":[${leaf}]}${']}'.repeat(depth - 1)}`;
}

export function orderBody(overrides: Record<string, unknown>): string {
  return JSON.stringify({
    result_count: 10,
    filters: {
      combinator: 'and',
      rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
    },
    ...overrides,
  });
}

export const ruleFilter = (field: unknown, operator: unknown, value: unknown) => ({
  combinator: 'and',
  rules: [{ field, operator, value }],
});

/** Every case of the campaign, by category (generated from the actors set up against the running server). */

/** Adds one case under its category. */
export type AddCase = (category: string, c: Omit<HostileCase, 'category'>) => void;
