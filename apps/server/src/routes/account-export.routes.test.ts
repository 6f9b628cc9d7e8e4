import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type DataExport } from '@threadcart/contracts';
import {
  buyPackage,
  placeDeliveredOrder,
  PYTHON_FILTERS,
  readZip,
  seedAccountCorpus,
} from '../../test/account-helpers.ts';
import { createApiKey, signIn } from '../../test/auth-helpers.ts';
import { newBuyer, post, startPaymentsTest, type PaymentsTestContext } from '../../test/payments-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { buildAccountExportsJob } from '../jobs/build-account-exports.job.ts';
import { purgeDeletedAccountsJob } from '../jobs/purge-deleted-accounts.job.ts';
import { PERIODIC_JOBS } from '../jobs/registry.ts';
import { EXPORT_ENTRIES } from '../services/account/export-archive.ts';
import { listOutbox } from '../services/operations/mail.service.ts';

const DAY_MS = 86_400_000;

describe(`download my data (${TEST_DIALECT})`, () => {
  let ctx: PaymentsTestContext;
  beforeAll(async () => {
    ctx = await startPaymentsTest();
    await seedAccountCorpus(ctx.t, 'exp');
  });
  afterAll(() => ctx.close());

  const get = (headers: Record<string, string>, url: string) =>
    ctx.t.app.inject({ method: 'GET', url, headers });

  it('is built by the worker job into a ZIP with every part, mailed, downloadable by its owner only', async () => {
    const { t, fake } = ctx;
    expect(PERIODIC_JOBS).toContain(buildAccountExportsJob);
    const user = await newBuyer(t);
    const paypalOrder = await buyPackage(t, fake, user, 1);
    const order = await placeDeliveredOrder(t, user, 'exported order');
    const key = await createApiKey(t.app, user, 'exported key');
    const hook = await post(t, user, '/api/webhooks/', {
      url: 'https://93.184.215.14/hook',
      description: 'mine',
    });
    expect(hook.statusCode).toBe(201);
    const scheduled = await post(t, user, '/api/search-queries/create/', {
      title: 'nightly',
      result_count: 5,
      filters: PYTHON_FILTERS,
      schedule: 'weekly',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);

    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/export/',
      headers: { cookie: user.headers.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    const res = await post(t, user, '/api/users/me/export/', {});
    expect(res.statusCode).toBe(202);
    const pending = res.json().export as DataExport;
    expect(pending).toMatchObject({ state: 'pending', download_url: null });
    const twice = await post(t, user, '/api/users/me/export/', {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(ACCOUNT_MESSAGES.exportTooSoon);
    const early = await get(user.headers, `/api/users/me/export/${pending.id}/download/`);
    expect(early.statusCode).toBe(409);

    await buildAccountExportsJob.run(t.deps);
    const list = (await get(user.headers, '/api/users/me/export/')).json().exports as DataExport[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: pending.id,
      state: 'ready',
      download_url: `/api/users/me/export/${pending.id}/download/`,
    });
    expect(list[0]!.file_size).toBeGreaterThan(0);
    const mails = await listOutbox(t.deps, user.user.email);
    expect(mails.at(-1)!.subject).toBe('Your Threadcart data is ready');
    expect(mails.at(-1)!.body).toContain('/account');

    const stranger = await newBuyer(t);
    expect((await get(stranger.headers, `/api/users/me/export/${pending.id}/download/`)).statusCode).toBe(
      404,
    );
    expect((await get(stranger.headers, '/api/users/me/export/')).json()).toEqual({ exports: [] });

    const download = await get(user.headers, `/api/users/me/export/${pending.id}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = await readZip(download.rawPayload);
    expect(Object.keys(files).sort()).toEqual(EXPORT_ENTRIES.map((name) => `threadcart-data/${name}`).sort());
    const part = (name: string) => JSON.parse(files[`threadcart-data/${name}`]!) as unknown;

    expect(part('profile.json')).toMatchObject({
      id: user.user.id,
      username: user.username,
      email: user.user.email,
    });
    const orders = part('orders.json') as { id: string; title: string; filters: unknown }[];
    expect(orders.map((o) => [o.id, o.title])).toEqual([
      [order.id, 'exported order'],
      [scheduled.json().id, 'nightly'],
    ]);
    expect(orders[0]!.filters).toEqual(order.filters);
    expect(JSON.stringify(orders[0]!.filters)).toContain(PYTHON_FILTERS.rules[0]!.value);
    const payments = part('payments.json') as { paypal_order_id: string; credits: number; state: string }[];
    expect(payments.map((p) => [p.paypal_order_id, p.credits, p.state])).toEqual([
      [paypalOrder, 5000, 'captured'],
    ]);
    const lots = part('credit_lots.json') as { source: string; credits_granted: number }[];
    expect(lots.map((l) => [l.source, l.credits_granted])).toEqual([
      ['signup_gift', 1000],
      ['purchase', 5000],
    ]);
    const ledger = part('ledger.json') as { kind: string }[];
    expect(ledger.map((e) => e.kind)).toEqual(['grant', 'grant', 'reserve', 'reserve']);
    const keys = part('api_keys.json') as Record<string, unknown>[];
    expect(keys).toEqual([
      expect.objectContaining({ id: key.id, name: 'exported key', prefix: key.prefix, revoked_at: null }),
    ]);
    expect(Object.keys(keys[0]!)).not.toContain('key_hash');
    expect(JSON.stringify(files)).not.toContain(key.key);
    expect(part('webhooks.json')).toEqual([
      {
        id: hook.json().id,
        url: 'https://93.184.215.14/hook',
        description: 'mine',
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(files)).not.toContain(hook.json().secret);
    expect(part('schedules.json')).toEqual([
      expect.objectContaining({
        id: scheduled.json().schedule.id,
        cadence: 'weekly',
        request: expect.objectContaining({ title: 'nightly', exclude_purchased: true }),
      }),
    ]);
    expect(part('page_views.json')).toEqual([]);
    expect(files['threadcart-data/README.txt']).toContain('page_views.json');

    // The file follows the order-file retention: deleted by the daily purge, then the download says so.
    const fileKey = `export-${pending.id}.zip`;
    expect(fs.existsSync(path.join(t.deps.config.storage.dir, fileKey))).toBe(true);
    t.clock.advance((t.deps.config.retentionDays + 1) * DAY_MS);
    await purgeDeletedAccountsJob.run(t.deps);
    expect(fs.existsSync(path.join(t.deps.config.storage.dir, fileKey))).toBe(false);
    // Data exports are for browser sessions only (issue 28): a fresh one, as the clock has moved by days.
    const later = (await signIn(t.app, user.username)).headers;
    const gone = await get(later, `/api/users/me/export/${pending.id}/download/`);
    expect(gone.statusCode).toBe(410);
    expect((await get(later, '/api/users/me/export/')).json().exports[0].state).toBe('expired');
    expect((await get(key.headers, '/api/users/me/export/')).statusCode).toBe(403);
  });
});
