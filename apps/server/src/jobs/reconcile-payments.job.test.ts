import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureOrder,
  createOrderId,
  creditsOf,
  newBuyer,
  startPaymentsTest,
} from '../../test/payments-helpers.ts';
import type { PaymentsTestContext } from '../../test/payments-helpers.ts';
import { reconcilePaymentsJob } from './reconcile-payments.job.ts';
import { PERIODIC_JOBS } from './registry.ts';

describe('payments.reconcile job', () => {
  let ctx: PaymentsTestContext;
  beforeAll(async () => {
    ctx = await startPaymentsTest();
  });
  afterAll(() => ctx.close());

  it('is scheduled and credits a capture left open by a PayPal outage', async () => {
    expect(PERIODIC_JOBS).toContain(reconcilePaymentsJob);
    const { t, fake } = ctx;
    const buyer = await newBuyer(t);
    const orderId = await createOrderId(t, buyer, 120);
    await fake.decide(orderId, 'approve');
    await fake.next({ op: 'capture', status: 502, times: 3 });
    expect((await captureOrder(t, buyer, orderId)).statusCode).toBe(503);
    t.clock.advance(5 * 60_000);
    await reconcilePaymentsJob.run(t.deps);
    expect((await creditsOf(t, buyer)).credits).toBe(1120);
  });
});
