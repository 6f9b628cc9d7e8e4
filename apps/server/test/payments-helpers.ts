import type { SignedWebhook } from '../src/payments/simulator/sim-webhooks.ts';
import { signUpAndSignIn, type TestSession } from './auth-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { startFakePaypal, type FakePaypal } from './fake-paypal.ts';

export const TEST_APP_URL = 'http://app.threadcart.test';

export interface PaymentsTestContext {
  readonly t: TestApp;
  readonly fake: FakePaypal;
  close(): Promise<void>;
}

/** A test app whose PayPal adapter talks (over real HTTP) to a standalone fake PayPal on an ephemeral port. */
export async function startPaymentsTest(env: Record<string, string> = {}): Promise<PaymentsTestContext> {
  const fake = await startFakePaypal();
  const t = await buildTestApp({ ...fake.env, APP_URL: TEST_APP_URL, ...env });
  return {
    t,
    fake,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

export const newBuyer = (t: TestApp) => signUpAndSignIn(t.app);

export function post(t: TestApp, session: TestSession, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, headers: session.headers, payload: payload as object });
}

/** POST create-order/ for a custom amount; the response as is. */
export const createOrder = (t: TestApp, session: TestSession, credits: unknown) =>
  post(t, session, '/api/paypal/create-order/', { credits_requested: credits });

/** Creates a custom order and returns its order id (fails the test unless it was created). */
export async function createOrderId(t: TestApp, session: TestSession, credits: number): Promise<string> {
  const res = await createOrder(t, session, credits);
  if (res.statusCode !== 201) throw new Error(`create-order failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { order_id: string }).order_id;
}

export const captureOrder = (t: TestApp, session: TestSession, orderId: string, key = 'order_id') =>
  post(t, session, '/api/paypal/capture-order/', { [key]: orderId });

export const cancelOrder = (t: TestApp, session: TestSession, orderId: string) =>
  post(t, session, '/api/paypal/cancel-order/', { order_id: orderId });

/** The spendable balance and lots, from GET /api/users/me/credits/. */
export async function creditsOf(t: TestApp, session: TestSession) {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/credits/', headers: session.headers });
  return res.json() as {
    credits: number;
    lots: { credits_left: number; expires_at: string; source: string }[];
  };
}

/** Delivers a webhook to the app exactly as signed (same bytes, same headers). */
export const deliverWebhook = (t: TestApp, webhook: SignedWebhook, body = webhook.body) =>
  t.app.inject({ method: 'POST', url: '/api/paypal/webhook/', headers: webhook.headers, payload: body });
