import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@threadcart/contracts';
import { adminGet, adminPost, auditEntries } from '../../../test/admin-helpers.ts';
import {
  captureOrder,
  createOrderId,
  creditsOf,
  deliverWebhook,
  newBuyer,
  startPaymentsTest,
  type PaymentsTestContext,
} from '../../../test/payments-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import type { TestSession } from '../../../test/auth-helpers.ts';
import {
  findPaymentByOrderId,
  listPaymentAdjustments,
} from '../../db/repositories/payments/payments.repository.ts';
import { findLotById, sumLedgerAndLots } from '../../db/repositories/payments/credits.repository.ts';
import { setUserRole } from '../../services/admin/admin-roles.service.ts';
import { reserveCredits } from '../../services/payments/ledger.service.ts';

describe(`admin API: payments and refunds through the (fake) PayPal (${TEST_DIALECT})`, () => {
  let ctx: PaymentsTestContext;
  let admin: TestSession;
  beforeAll(async () => {
    ctx = await startPaymentsTest();
    admin = await newBuyer(ctx.t);
    await setUserRole(ctx.t.deps, admin.username, 'admin');
  });
  afterAll(() => ctx.close());

  async function paidOrder(credits: number) {
    const buyer = await newBuyer(ctx.t);
    const orderId = await createOrderId(ctx.t, buyer, credits);
    await ctx.fake.decide(orderId, 'approve');
    expect((await captureOrder(ctx.t, buyer, orderId)).json().credits_added).toBe(credits);
    const payment = (await findPaymentByOrderId(ctx.t.deps.db, orderId))!;
    return { buyer, orderId, payment };
  }

  it('lists every payment with PayPal’s order and capture ids, its state and owner, filtered by status', async () => {
    const { buyer, orderId, payment } = await paidOrder(500);
    const res = await adminGet(ctx.t, admin, `/api/admin/payments/?user_id=${buyer.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        id: payment.id,
        username: buyer.username,
        provider_order_id: orderId,
        capture_id: payment.captureId,
        status: 'completed',
        credits: 500,
      }),
    ]);
    const overview = (await adminGet(ctx.t, admin, '/api/admin/overview/')).json();
    expect(overview.revenue_cents).toEqual({
      today: payment.amountCents,
      days_7: payment.amountCents,
      days_30: payment.amountCents,
    });
    expect(overview.daily.at(-1).revenue_cents).toBe(payment.amountCents);
    const created = await adminGet(ctx.t, admin, '/api/admin/payments/?status=created');
    expect(created.json().items.some((p: { id: string }) => p.id === payment.id)).toBe(false);
  });

  it('refunds a captured payment through the provider and claws back the unspent credits, once', async () => {
    const { t, fake } = ctx;
    const { buyer, orderId, payment } = await paidOrder(100);
    // Part of the balance is spent (reserved by an order) before the refund; what the purchase's lot still holds
    // is what can be taken back.
    await reserveCredits(t.deps.db, { userId: buyer.user.id, amount: 60, now: t.clock.now() });
    const before = (await creditsOf(t, buyer)).credits;
    const lotLeft = (await findLotById(t.deps.db, payment.lotId!))!.credits_left;
    const res = await adminPost(t, admin, `/api/admin/payments/${payment.id}/refund/`, {
      reason: 'customer request',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: payment.id, status: 'refunded' });
    expect((await creditsOf(t, buyer)).credits).toBe(before - lotLeft);
    expect((await findLotById(t.deps.db, payment.lotId!))!.credits_left).toBe(0);
    const adjustments = await listPaymentAdjustments(t.deps.db, payment.id);
    expect(adjustments).toEqual([
      expect.objectContaining({ kind: 'refund', amount_cents: payment.amountCents, credits_due: 100 }),
    ]);
    expect(adjustments[0]).toMatchObject({ credits_taken: lotLeft, credits_uncollected: 100 - lotLeft });
    const sums = await sumLedgerAndLots(t.deps.db, buyer.user.id);
    expect(sums.ledger).toBe(sums.lots);

    // PayPal's own record says refunded, and its later webhook about the same refund is a duplicate.
    expect(fake.sim.orders.get(orderId)!.captures[0]!.status).toBe('REFUNDED');
    const webhook = await fake.signWebhook('PAYMENT.CAPTURE.REFUNDED', orderId);
    expect((await deliverWebhook(t, webhook)).json()).toEqual({ status: 'duplicate' });
    expect(await listPaymentAdjustments(t.deps.db, payment.id)).toHaveLength(1);

    const [entry] = (await auditEntries(t, admin)).filter((e) => e.target_id === payment.id);
    expect(entry).toMatchObject({ action: 'payment.refund', reason: 'customer request' });
    expect(entry!.details).toMatchObject({ amount_cents: payment.amountCents, credits_taken: lotLeft });

    const again = await adminPost(t, admin, `/api/admin/payments/${payment.id}/refund/`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ADMIN_MESSAGES.paymentNotRefundable, code: 'not_refundable' });
  });

  it('refunds what is left after a partial refund', async () => {
    const { t, fake } = ctx;
    const { orderId, payment } = await paidOrder(400);
    await fake.refund(orderId, (payment.amountCents / 4 / 100).toFixed(2));
    await deliverWebhook(t, await fake.signWebhook('PAYMENT.CAPTURE.REFUNDED', orderId));
    const res = await adminPost(t, admin, `/api/admin/payments/${payment.id}/refund/`, { reason: 'rest' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('refunded');
    const adjustments = await listPaymentAdjustments(t.deps.db, payment.id);
    expect(adjustments.map((a) => a.amount_cents)).toEqual([
      payment.amountCents / 4,
      (payment.amountCents * 3) / 4,
    ]);
    expect(adjustments.reduce((sum, a) => sum + a.credits_due, 0)).toBe(400);
  });

  it('answers 502 when the provider refuses, changing nothing; 409 for an unpaid payment; 404 unknown', async () => {
    const { t, fake } = ctx;
    const { orderId, payment } = await paidOrder(50);
    // Refunded behind the app's back: PayPal refuses a second full refund.
    await fake.refund(orderId);
    const res = await adminPost(t, admin, `/api/admin/payments/${payment.id}/refund/`, { reason: 'x' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: ADMIN_MESSAGES.refundFailed, code: 'refund_refused' });
    expect(await listPaymentAdjustments(t.deps.db, payment.id)).toHaveLength(0);

    const buyer = await newBuyer(t);
    const unpaid = await createOrderId(t, buyer, 20);
    const unpaidPayment = (await findPaymentByOrderId(t.deps.db, unpaid))!;
    const refused = await adminPost(t, admin, `/api/admin/payments/${unpaidPayment.id}/refund/`, {
      reason: 'x',
    });
    expect(refused.statusCode).toBe(409);
    const unknown = '01900000-0000-7000-8000-000000000000';
    expect(
      (await adminPost(t, admin, `/api/admin/payments/${unknown}/refund/`, { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});
