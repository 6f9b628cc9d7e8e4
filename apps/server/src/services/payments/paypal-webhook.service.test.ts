import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLedgerEntries } from '../../db/repositories/payments/credits.repository.ts';
import {
  findPaymentByOrderId,
  listPaymentAdjustments,
} from '../../db/repositories/payments/payments.repository.ts';
import {
  captureOrder,
  createOrderId,
  creditsOf,
  deliverWebhook,
  newBuyer,
  startPaymentsTest,
  type PaymentsTestContext,
} from '../../../test/payments-helpers.ts';
import { reserveCredits } from './ledger.service.ts';

describe('POST /api/paypal/webhook/ (events signed by the fake PayPal, verified through its postback)', () => {
  let ctx: PaymentsTestContext;
  beforeAll(async () => {
    ctx = await startPaymentsTest();
  });
  afterAll(() => ctx.close());

  /** A signed-in buyer with an approved order of `credits`. */
  async function approvedOrder(credits: number) {
    const buyer = await newBuyer(ctx.t);
    const orderId = await createOrderId(ctx.t, buyer, credits);
    await ctx.fake.decide(orderId, 'approve');
    return { buyer, orderId };
  }

  async function paidOrder(credits: number) {
    const order = await approvedOrder(credits);
    expect((await captureOrder(ctx.t, order.buyer, order.orderId)).json().credits_added).toBe(credits);
    return order;
  }

  it('credits a capture reported by webhook before the return page, and the return page then adds 0', async () => {
    const { t, fake } = ctx;
    const { buyer, orderId } = await approvedOrder(700);
    await fake.captureBehind(orderId);
    const res = await deliverWebhook(t, await fake.signWebhook('PAYMENT.CAPTURE.COMPLETED', orderId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'processed' });
    expect((await creditsOf(t, buyer)).credits).toBe(1700);
    const returned = await captureOrder(t, buyer, orderId);
    expect(returned.json()).toEqual({
      status: 'COMPLETED',
      credits_added: 0,
      credits: 1700,
      credits_expire_at: null,
    });
  });

  it('captures on CHECKOUT.ORDER.APPROVED when the payer never returns', async () => {
    const { t, fake } = ctx;
    const { buyer, orderId } = await approvedOrder(300);
    expect(
      (await deliverWebhook(t, await fake.signWebhook('CHECKOUT.ORDER.APPROVED', orderId))).statusCode,
    ).toBe(200);
    expect((await creditsOf(t, buyer)).credits).toBe(1300);
    expect((await captureOrder(t, buyer, orderId)).json().credits_added).toBe(0);
  });

  it('changes nothing for a COMPLETED webhook after the return page, and ignores a replayed event id', async () => {
    const { t, fake } = ctx;
    const { buyer, orderId } = await paidOrder(400);
    const webhook = await fake.signWebhook('PAYMENT.CAPTURE.COMPLETED', orderId);
    expect((await deliverWebhook(t, webhook)).json()).toEqual({ status: 'processed' });
    expect((await deliverWebhook(t, webhook)).json()).toEqual({ status: 'duplicate' });
    expect((await creditsOf(t, buyer)).credits).toBe(1400);
  });

  it('refuses a bad signature or a tampered body with 400 and changes nothing', async () => {
    const { t, fake } = ctx;
    const { buyer, orderId } = await approvedOrder(900);
    await fake.captureBehind(orderId);
    const webhook = await fake.signWebhook('PAYMENT.CAPTURE.COMPLETED', orderId);
    const forged = { ...webhook, headers: { ...webhook.headers, 'paypal-transmission-sig': 'AAAA' } };
    const bad = await deliverWebhook(t, forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_signature');
    const tamperedBody = webhook.body.replaceAll('"value":"0.90"', '"value":"90.00"');
    expect(tamperedBody).not.toBe(webhook.body);
    const tampered = await deliverWebhook(t, webhook, tamperedBody);
    expect(tampered.statusCode).toBe(400);
    const unsigned = { ...webhook, headers: { 'content-type': 'application/json' } };
    expect((await deliverWebhook(t, unsigned)).statusCode).toBe(400);
    expect((await creditsOf(t, buyer)).credits).toBe(1000);
    // The genuine delivery still works: the rejected ones left no trace of its event id.
    expect((await deliverWebhook(t, webhook)).json()).toEqual({ status: 'processed' });
    expect((await creditsOf(t, buyer)).credits).toBe(1900);
  });

  it('takes back the unspent credits of a refunded purchase once, recording the spent rest', async () => {
    const { t, fake } = ctx;
    const { buyer, orderId } = await paidOrder(100);
    // The 7-day purchase lot expires before the 30-day gift, so spending draws from it first.
    await reserveCredits(t.deps.db, { userId: buyer.user.id, amount: 40, now: t.clock.now() });
    await fake.refund(orderId);
    const refund = await fake.signWebhook('PAYMENT.CAPTURE.REFUNDED', orderId);
    expect((await deliverWebhook(t, refund)).json()).toEqual({ status: 'processed' });
    expect((await creditsOf(t, buyer)).credits).toBe(1000);
    const payment = (await findPaymentByOrderId(t.deps.db, orderId))!;
    expect(payment.status).toBe('refunded');
    const adjustments = await listPaymentAdjustments(t.deps.db, payment.id);
    expect(adjustments).toMatchObject([
      { kind: 'refund', credits_due: 100, credits_taken: 60, credits_uncollected: 40 },
    ]);
    const clawbacks = (await listLedgerEntries(t.deps.db, buyer.user.id)).filter(
      (e) => e.kind === 'clawback',
    );
    expect(clawbacks.map((e) => e.delta)).toEqual([-60]);
    // The same refund again, as a replayed delivery or as a new event about the same refund: no second take.
    expect((await deliverWebhook(t, refund)).json()).toEqual({ status: 'duplicate' });
    await deliverWebhook(t, await fake.signWebhook('PAYMENT.CAPTURE.REFUNDED', orderId));
    expect(await listPaymentAdjustments(t.deps.db, payment.id)).toHaveLength(1);
    expect((await creditsOf(t, buyer)).credits).toBe(1000);
  });

  it('takes back in proportion to partial refunds, and all on a reversal', async () => {
    const { t, fake } = ctx;
    const { buyer, orderId } = await paidOrder(1000);
    await fake.refund(orderId, '0.25');
    await deliverWebhook(t, await fake.signWebhook('PAYMENT.CAPTURE.REFUNDED', orderId));
    expect((await creditsOf(t, buyer)).credits).toBe(1750);
    const payment = (await findPaymentByOrderId(t.deps.db, orderId))!;
    expect((await findPaymentByOrderId(t.deps.db, orderId))!.status).toBe('partially_refunded');
    await fake.refund(orderId, '0.75');
    await deliverWebhook(t, await fake.signWebhook('PAYMENT.CAPTURE.REVERSED', orderId));
    expect((await creditsOf(t, buyer)).credits).toBe(1000);
    const adjustments = await listPaymentAdjustments(t.deps.db, payment.id);
    expect(adjustments.map((a) => [a.kind, a.credits_taken])).toEqual([
      ['refund', 250],
      ['reversal', 750],
    ]);
  });

  it('answers 200 for events about unknown orders and 503 when PayPal cannot verify', async () => {
    const { t, fake } = ctx;
    const { buyer, orderId } = await approvedOrder(100);
    const webhook = await fake.signWebhook('CHECKOUT.ORDER.APPROVED', orderId);
    await fake.next({ op: 'verify', status: 500, times: 3 });
    const unavailable = await deliverWebhook(t, webhook);
    expect(unavailable.statusCode).toBe(503);
    expect((await creditsOf(t, buyer)).credits).toBe(1000);
    // PayPal retries the delivery later; the event id was not marked processed.
    expect((await deliverWebhook(t, webhook)).json()).toEqual({ status: 'processed' });
    expect((await creditsOf(t, buyer)).credits).toBe(1100);

    const unknown = fake.webhooks.sign(
      'WH-UNKNOWN-1',
      webhook.body.replaceAll(orderId, 'UNKNOWNORDER1').replace(/"id":"WH-[^"]+"/, '"id":"WH-UNKNOWN-1"'),
    );
    expect((await deliverWebhook(t, unknown)).json()).toEqual({ status: 'ignored' });
    const other = fake.webhooks.sign(
      'WH-OTHER-1',
      JSON.stringify({ id: 'WH-OTHER-1', event_type: 'BILLING.PLAN.CREATED', resource: {} }),
    );
    expect((await deliverWebhook(t, other)).json()).toEqual({ status: 'ignored' });
  });
});
