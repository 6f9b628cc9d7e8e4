import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPayment, CreditsSummaryResponse, LedgerPageResponse } from '@threadcart/contracts';
import { createApiKey, TEST_PASSWORD } from '../../test/auth-helpers.ts';
import { buyPackage, placeDeliveredOrder, seedAccountCorpus } from '../../test/account-helpers.ts';
import {
  cancelOrder,
  createOrderId,
  newBuyer,
  post,
  startPaymentsTest,
  type PaymentsTestContext,
} from '../../test/payments-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { expireCreditsJob } from '../jobs/expire-credits.job.ts';

const DAY_MS = 86_400_000;

describe(`account payments, credit lots and ledger (${TEST_DIALECT})`, () => {
  let ctx: PaymentsTestContext;
  beforeAll(async () => {
    ctx = await startPaymentsTest();
    await seedAccountCorpus(ctx.t, 'bill');
  });
  afterAll(() => ctx.close());

  const get = (headers: Record<string, string>, url: string) =>
    ctx.t.app.inject({ method: 'GET', url, headers });

  it('lists every payment with package or custom amount, credits, PayPal ids and state; receipts are private', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const packageOrder = await buyPackage(t, fake, buyer, 1);
    t.clock.advance(1000);
    const customOrder = await createOrderId(t, buyer, 3000);
    await fake.decide(customOrder, 'approve');
    expect((await post(t, buyer, '/api/paypal/capture-order/', { order_id: customOrder })).statusCode).toBe(
      200,
    );
    t.clock.advance(1000);
    const abandoned = await createOrderId(t, buyer, 1234);
    await cancelOrder(t, buyer, abandoned);

    const res = await get(buyer.headers, '/api/users/me/payments/');
    expect(res.statusCode).toBe(200);
    const payments = res.json().payments as AccountPayment[];
    expect(
      payments.map((p) => [p.paypal_order_id, p.kind, p.package_name, p.credits, p.amount, p.state]),
    ).toEqual([
      [abandoned, 'custom', null, 1234, '1.24', 'cancelled'],
      [customOrder, 'custom', null, 3000, '3.00', 'captured'],
      [packageOrder, 'package', 'Starter Pack', 5000, '5.00', 'captured'],
    ]);
    expect(payments[1]!.paypal_capture_id).toEqual(expect.any(String));
    expect(payments[1]!.credited_at).toEqual(expect.any(String));

    const receipt = await get(buyer.headers, `/api/users/me/payments/${payments[2]!.id}/`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({
      receipt_number: payments[2]!.id,
      paypal_order_id: packageOrder,
      amount: '5.00',
      currency: 'USD',
      state: 'captured',
      description: 'Starter Pack: 5,000 credits',
      billed_to: { username: buyer.username, email: buyer.user.email },
      refunds: [],
      refunded_cents: 0,
    });

    const stranger = await newBuyer(t);
    const foreign = await get(stranger.headers, `/api/users/me/payments/${payments[2]!.id}/`);
    expect(foreign.statusCode).toBe(404);
    expect((await get(stranger.headers, '/api/users/me/payments/')).json()).toEqual({ payments: [] });
    expect((await get(buyer.headers, '/api/users/me/payments/no-such-id/')).statusCode).toBe(404);
  });

  it('shows lots with source, granted, left and expiry, flags those expiring within 7 days, and pages the ledger', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    // The browser session's access token lapses while the clock moves on by days: read with an API key.
    const key = (await createApiKey(t.app, buyer)).headers;
    await buyPackage(t, fake, buyer, 1); // 5,000 credits for 30 days
    const custom = await createOrderId(t, buyer, 3000); // fewer than 5,000: 7 days
    await fake.decide(custom, 'approve');
    await post(t, buyer, '/api/paypal/capture-order/', { order_id: custom });
    t.clock.advance(1000);
    const order = await placeDeliveredOrder(t, buyer, 'python study');
    expect(order.status).toBe('completed');

    const credits = (await get(buyer.headers, '/api/users/me/credits/')).json() as CreditsSummaryResponse;
    // 3 records were charged from the lot that expires first: the custom purchase.
    expect(credits.credits).toBe(1000 + 5000 + 3000 - 3);
    expect(credits.lots.map((l) => [l.source, l.credits_granted, l.credits_left, l.expires_soon])).toEqual([
      ['purchase', 3000, 2997, true],
      ['signup_gift', 1000, 1000, false],
      ['purchase', 5000, 5000, false],
    ]);
    expect(credits.expiring_soon_credits).toBe(2997);

    const ledger = (await get(buyer.headers, '/api/users/me/ledger/')).json() as LedgerPageResponse;
    expect(ledger).toMatchObject({ page: 1, page_size: 50, total: 4 });
    // Newest first: the order's reservation (all 3 records delivered, so nothing released), then the three grants.
    expect(ledger.entries.map((e) => e.kind)).toEqual(['reserve', 'grant', 'grant', 'grant']);
    const reserve = ledger.entries.find((e) => e.kind === 'reserve')!;
    expect(reserve).toMatchObject({
      delta: -3,
      order_id: order.id,
      order_title: 'python study',
      lot_source: 'purchase',
    });

    // Eight days on, the custom lot has expired: gone from the lots, an `expire` entry on top of the ledger.
    t.clock.advance(8 * DAY_MS);
    await expireCreditsJob.run(t.deps);
    const later = (await get(key, '/api/users/me/credits/')).json() as CreditsSummaryResponse;
    expect(later.credits).toBe(6000);
    expect(later.lots.map((l) => [l.source, l.expires_soon])).toEqual([
      ['signup_gift', false],
      ['purchase', false],
    ]);
    t.clock.advance(17 * DAY_MS);
    const soon = (await get(key, '/api/users/me/credits/')).json() as CreditsSummaryResponse;
    expect(soon.lots.map((l) => l.expires_soon)).toEqual([true, true]);
    expect(soon.expiring_soon_credits).toBe(6000);

    const afterExpiry = (await get(key, '/api/users/me/ledger/?page=1')).json() as LedgerPageResponse;
    expect(afterExpiry.total).toBe(5);
    expect(afterExpiry.entries[0]).toMatchObject({ kind: 'expire', delta: -2997 });
    const page2 = (await get(key, '/api/users/me/ledger/?page=2')).json() as LedgerPageResponse;
    expect(page2).toEqual({ entries: [], page: 2, page_size: 50, total: 5 });
    expect((await get(key, '/api/users/me/ledger/?page=0')).statusCode).toBe(400);
    expect((await get(key, '/api/users/me/ledger/?page=x')).statusCode).toBe(400);

    const stranger = await newBuyer(t);
    const theirs = (await get(stranger.headers, '/api/users/me/ledger/')).json() as LedgerPageResponse;
    expect(theirs.total).toBe(1);
    expect(theirs.entries.every((e) => e.order_id === null)).toBe(true);
  });

  it('keeps payment records without their personal fields when the account is deleted', async () => {
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    await buyPackage(t, fake, buyer, 2);
    const before = await t.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', buyer.user.id)
      .execute();
    expect(before).toHaveLength(1);
    expect(before[0]!.payer_id).not.toBeNull();

    const res = await post(t, buyer, '/api/users/me/delete/', { password: TEST_PASSWORD, confirm: 'DELETE' });
    expect(res.statusCode).toBe(204);
    const after = await t.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', buyer.user.id)
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before[0]!.id,
      credits: 25000,
      amount_cents: 2000,
      status: 'completed',
      capture_id: before[0]!.capture_id,
      payer_id: null,
      personal_data_removed_at: t.clock.now().toISOString(),
    });
  });
});
