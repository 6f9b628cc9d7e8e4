import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_PAYPAL_CREDENTIALS, startFakePaypal, type FakePaypal } from '../../test/fake-paypal.ts';
import { buildApp } from '../app.ts';
import { createDeps } from '../deps.ts';
import { buildTestApp, testConfig } from '../../test/build-test-app.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { approvalLink } from './paypal-schemas.ts';
import { PayPalRestProvider } from './paypal-provider.ts';
import { ProviderError, ProviderUnavailableError, valueToCents, type CreateOrderInput } from './provider.ts';

const order = (paymentId: string, cents = 500): CreateOrderInput => ({
  paymentId,
  amount: { currency: 'USD', cents },
  description: 'test credits',
  returnUrl: 'http://app.test/pay/success',
  cancelUrl: 'http://app.test/pay/cancel',
});

describe('PayPalRestProvider against the standalone fake', () => {
  let fake: FakePaypal;
  let provider: PayPalRestProvider;
  beforeAll(async () => {
    fake = await startFakePaypal();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    fake.sim.reset();
    provider = new PayPalRestProvider({
      name: 'paypal',
      baseUrl: fake.url,
      ...FAKE_PAYPAL_CREDENTIALS,
      approvalOrigins: [fake.url],
      retryDelayMs: 5,
    });
  });

  const tokenCalls = () => fake.sim.requests.filter((r) => r.path === '/v1/oauth2/token').length;

  it('caches one OAuth token, shared by concurrent first calls', async () => {
    await Promise.all([provider.createOrder(order('a')), provider.createOrder(order('b'))]);
    await provider.createOrder(order('c'));
    expect(tokenCalls()).toBe(1);
  });

  it('sends a stable PayPal-Request-Id, so a retried create returns the same order', async () => {
    const first = await provider.createOrder(order('same'));
    const again = await provider.createOrder(order('same'));
    expect(again.orderId).toBe(first.orderId);
    expect(fake.sim.orders.size).toBe(1);
    expect(first.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('maps capture answers: not approved, declined, captured, already captured, unknown', async () => {
    const { orderId } = await provider.createOrder(order('cap'));
    expect((await provider.captureOrder(orderId, { requestId: 'r1' })).kind).toBe('not_approved');
    fake.sim.decide(orderId, 'decline');
    expect(await provider.captureOrder(orderId, { requestId: 'r2' })).toMatchObject({
      kind: 'declined',
      issue: 'INSTRUMENT_DECLINED',
    });
    fake.sim.decide(orderId, 'approve');
    const captured = await provider.captureOrder(orderId, { requestId: 'r3' });
    expect(captured.kind).toBe('captured');
    if (captured.kind === 'captured') {
      expect(captured.order.captures[0]).toMatchObject({
        status: 'COMPLETED',
        amount: { currency: 'USD', cents: 500 },
      });
      expect(captured.order.captures[0]!.customId).toBe('cap');
    }
    expect((await provider.captureOrder(orderId, { requestId: 'r3' })).kind).toBe('captured');
    expect((await provider.captureOrder(orderId, { requestId: 'r4' })).kind).toBe('already_captured');
    expect((await provider.captureOrder('NOSUCHORDER', { requestId: 'r5' })).kind).toBe('not_found');
    expect((await provider.captureOrder('../../v1', { requestId: 'r6' })).kind).toBe('not_found');
    expect(await provider.getOrder('NOSUCHORDER')).toBeNull();
  });

  it('renews the token once on 401 and retries 5xx, then reports the outcome as unknown', async () => {
    const { orderId } = await provider.createOrder(order('retry'));
    fake.sim.expireTokens();
    expect((await provider.getOrder(orderId))?.id).toBe(orderId);
    expect(tokenCalls()).toBe(2);
    fake.sim.decide(orderId, 'approve');
    fake.sim.addFault({ op: 'capture', status: 500, times: 3 });
    expect((await provider.captureOrder(orderId, { requestId: 'x' })).kind).toBe('transient');
    fake.sim.addFault({ op: 'get', status: 503, times: 3 });
    await expect(provider.getOrder(orderId)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('refuses wrong credentials, approval links off the allow-list, and an unreachable PayPal', async () => {
    const wrong = new PayPalRestProvider({
      name: 'paypal',
      baseUrl: fake.url,
      clientId: 'x',
      clientSecret: 'y',
    });
    await expect(wrong.createOrder(order('w'))).rejects.toMatchObject({ issue: 'invalid_client' });
    const strict = new PayPalRestProvider({ name: 'paypal', baseUrl: fake.url, ...FAKE_PAYPAL_CREDENTIALS });
    await expect(strict.createOrder(order('s'))).rejects.toBeInstanceOf(ProviderError);
    const down = new PayPalRestProvider({
      name: 'paypal',
      baseUrl: 'http://127.0.0.1:9',
      ...FAKE_PAYPAL_CREDENTIALS,
      retryDelayMs: 1,
    });
    await expect(down.createOrder(order('d'))).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await down.verifyWebhook('{}', {})).toBe(false);
  });

  it('reads amounts and approval links as PayPal writes them', () => {
    expect(valueToCents('5.00')).toBe(500);
    expect(valueToCents('0.5')).toBe(50);
    expect(valueToCents('12')).toBe(1200);
    expect(valueToCents('1.001')).toBeNull();
    expect(valueToCents('-1.00')).toBeNull();
    expect(valueToCents(5)).toBeNull();
    const legacy = {
      id: 'X',
      status: 'CREATED',
      links: [{ href: 'https://www.paypal.com/checkoutnow?token=X', rel: 'approve' }],
    };
    expect(approvalLink(legacy)).toBe('https://www.paypal.com/checkoutnow?token=X');
  });
});

describe('the simulated PayPal and the production guard', () => {
  it('refuses to start with NODE_ENV=production unless PAYMENTS_SIMULATOR=allow', async () => {
    const database = await createTestDatabase();
    const scratch = path.join(os.tmpdir(), `threadcart-payments-${process.pid}`);
    try {
      const config = testConfig({ NODE_ENV: 'production', DATABASE_URL: database.url, STORAGE_DIR: scratch });
      const deps = await createDeps(config, { database, logger: pino({ level: 'silent' }), migrate: false });
      await expect(buildApp(deps)).rejects.toThrow(/simulated PayPal refuses to run/);
      const halfSet = testConfig({
        PAYPAL_CLIENT_ID: 'id-without-secret',
        DATABASE_URL: database.url,
        STORAGE_DIR: scratch,
      });
      const halfDeps = await createDeps(halfSet, {
        database,
        logger: pino({ level: 'silent' }),
        migrate: false,
      });
      await expect(buildApp(halfDeps)).rejects.toThrow(/PAYPAL_CLIENT_SECRET/);
    } finally {
      await database.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    const allowed = await buildTestApp({ NODE_ENV: 'production', PAYMENTS_SIMULATOR: 'allow' });
    expect(
      (await allowed.app.inject({ method: 'GET', url: '/sim/paypal/checkoutnow?token=NONE' })).statusCode,
    ).toBe(404);
    await allowed.close();
  });

  it('is not mounted when PayPal credentials are configured', async () => {
    const real = await buildTestApp({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    const res = await real.app.inject({ method: 'POST', url: '/sim/paypal/v1/oauth2/token' });
    expect(res.statusCode).toBe(404);
    await real.close();
  });
});
