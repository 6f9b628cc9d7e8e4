import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@threadcart/contracts';
import {
  cancelOrder,
  captureOrder,
  createOrder,
  createOrderId,
  creditsOf,
  newBuyer,
  post,
  startPaymentsTest,
  TEST_APP_URL,
  type PaymentsTestContext,
} from '../../test/payments-helpers.ts';

const DAY_MS = 86_400_000;

describe('PayPal checkout against the fake PayPal (PAYPAL_BASE_URL set: the real adapter over HTTP)', () => {
  let ctx: PaymentsTestContext;
  beforeAll(async () => {
    ctx = await startPaymentsTest();
  });
  afterAll(() => ctx.close());

  const captureCalls = async (orderId: string) =>
    (await ctx.fake.requests()).filter(
      (r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${orderId}/capture`,
    );

  it('sells a package: approve and capture grant its credits once, in a lot that expires after 30 days', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const res = await post(t, buyer, '/api/paypal/buy-credits-packages/', { package_id: 1 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ credits: 5000, amount: '5.00', currency: 'USD' });
    expect(body.approval_url).toBe(`${fake.url}/checkoutnow?token=${body.order_id}`);
    const order = fake.sim.orders.get(body.order_id)!;
    expect(order.unit.amount).toEqual({ currency_code: 'USD', value: '5.00' });
    expect(order.returnUrl).toBe(`${TEST_APP_URL}/pay/success`);
    expect(order.cancelUrl).toBe(`${TEST_APP_URL}/pay/cancel`);
    const create = (await fake.requests()).find((r) => r.path === '/v2/checkout/orders');
    expect(create?.requestId).toMatch(/^create-/);

    await fake.decide(body.order_id, 'approve');
    const captured = await captureOrder(t, buyer, body.order_id);
    expect(captured.statusCode).toBe(200);
    const purchaseExpiry = new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString();
    expect(captured.json()).toEqual({
      status: 'COMPLETED',
      credits_added: 5000,
      credits: 6000,
      credits_expire_at: purchaseExpiry,
    });
    const { lots } = await creditsOf(t, buyer);
    const purchase = lots.find((l) => l.source === 'purchase')!;
    expect(purchase.expires_at).toBe(purchaseExpiry);
    expect(purchase.credits_left).toBe(5000);
    expect(Date.parse(purchase.expires_at) - t.clock.now().getTime()).toBe(30 * DAY_MS);
  });

  it('prices custom amounts on the server (ceil(credits / 10) cents) and refuses invalid counts', async () => {
    const { t } = ctx;
    const buyer = await newBuyer(t);
    const res = await createOrder(t, buyer, 1005);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: '1.01', credits: 1005 });
    expect((await createOrder(t, buyer, 1)).json().amount).toBe('0.01');
    for (const bad of [0, -5, 1.5, 'abc', '1000', 1_000_001, null]) {
      const refused = await createOrder(t, buyer, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(PAYMENT_MESSAGES.invalidCredits);
    }
    expect((await createOrder(t, buyer, 1_000_000)).json().amount).toBe('1000.00');
    const unknown = await post(t, buyer, '/api/paypal/buy-credits-packages/', { package_id: 99 });
    expect(unknown.statusCode).toBe(400);
    expect((await post(t, buyer, '/api/paypal/buy-credits-packages/', {})).statusCode).toBe(400);
    expect(
      (await post(t, buyer, '/api/paypal/buy-credits-packages/', { package_id: '2' })).json().amount,
    ).toBe('20.00');
  });

  it('answers a second capture and five concurrent ones (two tabs) with 200, granting once', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 3000);
    await fake.decide(orderId, 'approve');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => captureOrder(t, buyer, orderId, i % 2 ? 'orderID' : 'order_id')),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((r) => r.json().credits_added).sort()).toEqual([0, 0, 0, 0, 3000]);
    const again = await captureOrder(t, buyer, orderId);
    expect(again.json()).toEqual({
      status: 'COMPLETED',
      credits_added: 0,
      credits: 4000,
      credits_expire_at: null,
    });
    expect((await creditsOf(t, buyer)).credits).toBe(4000);
    expect(await captureCalls(orderId)).toHaveLength(1);
  });

  it('refuses a capture before approval with 409 and PayPal reason, then captures once approved', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 200);
    const early = await captureOrder(t, buyer, orderId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      detail: PAYMENT_MESSAGES.notApproved('Payer has not yet approved the Order for payment.'),
      code: 'order_not_approved',
    });
    expect((await creditsOf(t, buyer)).credits).toBe(1000);
    await fake.decide(orderId, 'approve');
    expect((await captureOrder(t, buyer, orderId)).json().credits_added).toBe(200);
  });

  it('answers a declined instrument with 402, and a new approval then succeeds', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 500);
    await fake.decide(orderId, 'decline');
    const declined = await captureOrder(t, buyer, orderId);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ detail: PAYMENT_MESSAGES.declined, code: 'instrument_declined' });
    expect((await creditsOf(t, buyer)).credits).toBe(1000);
    await fake.decide(orderId, 'approve');
    const paid = await captureOrder(t, buyer, orderId);
    expect(paid.json()).toMatchObject({ status: 'COMPLETED', credits_added: 500, credits: 1500 });
    const ids = (await captureCalls(orderId)).map((r) => r.requestId);
    expect(new Set(ids).size).toBe(2);
  });

  it('cancels locally (idempotent); a later capture is refused and a paid order cannot be cancelled', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 100);
    expect((await cancelOrder(t, buyer, orderId)).json()).toEqual({ status: 'CANCELLED' });
    expect((await cancelOrder(t, buyer, orderId)).statusCode).toBe(200);
    await fake.decide(orderId, 'approve');
    const refused = await captureOrder(t, buyer, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('payment_cancelled');
    expect(await captureCalls(orderId)).toHaveLength(0);

    const paidId = await createOrderId(t, buyer, 100);
    await fake.decide(paidId, 'approve');
    await captureOrder(t, buyer, paidId);
    const late = await cancelOrder(t, buyer, paidId);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(PAYMENT_MESSAGES.alreadyCompleted);
  });

  it("treats another user's order as not found", async () => {
    const { t, fake } = ctx;
    const owner = await newBuyer(t);
    const stranger = await newBuyer(t);
    const orderId = await createOrderId(t, owner, 100);
    await fake.decide(orderId, 'approve');
    expect((await captureOrder(t, stranger, orderId)).statusCode).toBe(404);
    expect((await cancelOrder(t, stranger, orderId)).statusCode).toBe(404);
    expect((await captureOrder(t, stranger, 'NOT-AN-ID')).statusCode).toBe(404);
    expect((await post(t, stranger, '/api/paypal/capture-order/', {})).statusCode).toBe(400);
    expect((await creditsOf(t, stranger)).credits).toBe(1000);
    expect((await captureOrder(t, owner, orderId)).json().credits_added).toBe(100);
  });

  it('grants nothing when the captured amount or currency differs from the stored one', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 5000);
    await fake.decide(orderId, 'approve');
    await fake.next({ op: 'capture', amountOverride: '0.01' });
    const tampered = await captureOrder(t, buyer, orderId);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().code).toBe('payment_failed');
    expect((await creditsOf(t, buyer)).credits).toBe(1000);

    const euroId = await createOrderId(t, buyer, 5000);
    await fake.decide(euroId, 'approve');
    await fake.next({ op: 'capture', currencyOverride: 'EUR' });
    expect((await captureOrder(t, buyer, euroId)).statusCode).toBe(409);
    expect((await creditsOf(t, buyer)).credits).toBe(1000);
  });

  it('renews an expired OAuth token once and carries on', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 100);
    await fake.decide(orderId, 'approve');
    const tokensBefore = (await fake.requests()).filter((r) => r.path === '/v1/oauth2/token').length;
    await fake.expireTokens();
    expect((await captureOrder(t, buyer, orderId)).json().credits_added).toBe(100);
    const tokensAfter = (await fake.requests()).filter((r) => r.path === '/v1/oauth2/token').length;
    expect(tokensAfter - tokensBefore).toBe(1);
  });

  it('retries a PayPal 5xx with the same PayPal-Request-Id', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 100);
    await fake.decide(orderId, 'approve');
    await fake.next({ op: 'capture', status: 503 });
    expect((await captureOrder(t, buyer, orderId)).json().credits_added).toBe(100);
    const calls = await captureCalls(orderId);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.requestId).toBe(calls[1]!.requestId);
  });

  it('answers a PENDING capture with 202 and no credits', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 100);
    await fake.decide(orderId, 'approve');
    await fake.next({ op: 'capture', captureStatus: 'PENDING' });
    const res = await captureOrder(t, buyer, orderId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      status: 'PENDING',
      credits_added: 0,
      credits: 1000,
      credits_expire_at: null,
    });
  });

  it('answers 502 with the text of docs/product.md §5.3 when PayPal refuses to create the order', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    await fake.next({ op: 'create', issue: 'PAYEE_ACCOUNT_RESTRICTED' });
    const res = await createOrder(t, buyer, 100);
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toBe(PAYMENT_MESSAGES.createFailed);
  });

  it('requires sign-in and CSRF, and serves the package table publicly', async () => {
    const { t } = ctx;
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/create-order/',
      payload: { credits_requested: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await newBuyer(t);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/create-order/',
      headers: { cookie: buyer.headers.cookie },
      payload: { credits_requested: 5 },
    });
    expect(noCsrf.statusCode).toBe(403);
    const packages = await t.app.inject({ method: 'GET', url: '/api/credit-packages/' });
    expect(
      packages.json().packages.map((p: { credits: number; price: number }) => [p.credits, p.price]),
    ).toEqual([
      [5000, 5],
      [25000, 20],
      [100000, 75],
    ]);
  });
});
