import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@threadcart/contracts';
import { findPaymentByOrderId } from '../../db/repositories/payments/payments.repository.ts';
import {
  captureOrder,
  createOrderId,
  creditsOf,
  newBuyer,
  startPaymentsTest,
  type PaymentsTestContext,
} from '../../../test/payments-helpers.ts';
import { reconcilePayments } from './reconcile-payments.service.ts';
import { settlePayment } from './settle-payment.service.ts';

const MINUTE = 60_000;

describe('settlePayment and the reconciliation job', () => {
  let ctx: PaymentsTestContext;
  beforeAll(async () => {
    ctx = await startPaymentsTest();
  });
  afterAll(() => ctx.close());

  const paymentOf = async (orderId: string) => (await findPaymentByOrderId(ctx.t.deps.db, orderId))!;

  it('leaves a capture whose outcome is unknown (PayPal 5xx on every retry) to the reconciler, which credits it', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 800);
    await fake.decide(orderId, 'approve');
    await fake.next({ op: 'capture', status: 500, times: 3 });
    const res = await captureOrder(t, buyer, orderId);
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(PAYMENT_MESSAGES.providerUnavailable);
    expect((await paymentOf(orderId)).status).toBe('capturing');

    await reconcilePayments(t.deps);
    expect((await creditsOf(t, buyer)).credits).toBe(1000); // too fresh to be reconciled yet
    t.clock.advance(3 * MINUTE);
    await reconcilePayments(t.deps);
    expect((await creditsOf(t, buyer)).credits).toBe(1800);
    expect((await paymentOf(orderId)).status).toBe('completed');
    expect((await captureOrder(t, buyer, orderId)).json().credits_added).toBe(0);
  });

  it('credits once when PayPal captured but the answer was lost', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 600);
    await fake.decide(orderId, 'approve');
    await fake.next({ op: 'capture', dropResponse: true });
    const res = await captureOrder(t, buyer, orderId);
    expect(res.json()).toMatchObject({ status: 'COMPLETED', credits_added: 600, credits: 1600 });
    expect(typeof res.json().credits_expire_at).toBe('string');
    expect(fake.sim.orders.get(orderId)!.captures).toHaveLength(1);
  });

  it('captures an order approved by a payer who never came back', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 250);
    await fake.decide(orderId, 'approve');
    t.clock.advance(3 * MINUTE);
    const counts = await reconcilePayments(t.deps);
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    expect((await creditsOf(t, buyer)).credits).toBe(1250);
  });

  it('expires orders never approved within PayPal window and orders PayPal no longer knows', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const abandoned = await createOrderId(t, buyer, 100);
    const forgotten = await createOrderId(t, buyer, 100);
    fake.sim.orders.delete(forgotten);
    t.clock.advance(3 * MINUTE);
    await reconcilePayments(t.deps);
    expect((await paymentOf(abandoned)).status).toBe('created');
    expect((await paymentOf(forgotten)).status).toBe('expired');
    t.clock.advance(4 * 60 * MINUTE);
    await reconcilePayments(t.deps);
    expect((await paymentOf(abandoned)).status).toBe('expired');
    expect(await settlePayment(t.deps, (await paymentOf(abandoned)).id, 'capture')).toEqual({
      kind: 'expired',
    });
  });

  it('grants once when the return page, the webhook path and the reconciler settle at the same time', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 1234);
    await fake.decide(orderId, 'approve');
    const { id } = await paymentOf(orderId);
    const results = await Promise.all([
      settlePayment(t.deps, id, 'capture'),
      settlePayment(t.deps, id, 'check'),
      settlePayment(t.deps, id, 'capture'),
      captureOrder(t, buyer, orderId),
    ]);
    expect(results[3].statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) await settlePayment(t.deps, id, 'check');
    expect((await creditsOf(t, buyer)).credits).toBe(2234);
    expect(fake.sim.orders.get(orderId)!.captures).toHaveLength(1);
  });
});
