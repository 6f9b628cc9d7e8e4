import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listPageViewCounts } from '../services/operations/analytics.service.ts';

describe('POST /api/analytics/pageview/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const pageview = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/pageview/', payload, headers });

  it('stores the path without query or fragment, and the title; nothing else', async () => {
    expect((await pageview({ path: '/pricing', title: 'Pricing' })).statusCode).toBe(204);
    expect((await pageview({ path: '/reset-password?token=secret#x', title: 'Reset' })).statusCode).toBe(204);
    expect((await pageview({ path: 'http://localhost:8080/pricing?a=1', title: 'Pricing' })).statusCode).toBe(
      204,
    );
    expect(await listPageViewCounts(t.deps)).toEqual([
      { path: '/pricing', views: 2 },
      { path: '/reset-password', views: 1 },
    ]);
    const row = await t.deps.db
      .selectFrom('page_views')
      .selectAll()
      .where('path', '=', '/reset-password')
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(['created_at', 'id', 'path', 'title']);
    expect(row.title).toBe('Reset');
  });

  it('validates the body and accepts JSON only (it needs no CSRF token)', async () => {
    expect((await pageview({ path: '' })).statusCode).toBe(400);
    expect((await pageview({ path: `/${'a'.repeat(2048)}` })).statusCode).toBe(400);
    expect((await pageview({ path: '/x', title: 'a'.repeat(301) })).statusCode).toBe(400);
    expect((await pageview({ path: 'relative' })).json()).toEqual({
      path: ['Enter a path that starts with "/".'],
    });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview/',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ path: '/x' }),
    });
    expect(text.statusCode).toBe(415);
    expect((await pageview({ path: '/x' }, { cookie: 'tc_access=whatever' })).statusCode).toBe(204);
  });

  it('limits anonymous page views per address: 60 a minute, then a 429 that says when to retry (issue 18 item 8)', async () => {
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/analytics/pageview/',
        payload: { path: '/x' },
        remoteAddress: ip,
      });
    t.clock.advance(60_000);
    const answers = await Promise.all(Array.from({ length: 70 }, () => from('198.51.100.9')));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({
      detail: 'Too many page views from this address. Try again in 60 seconds.',
      code: 'throttled',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected; the first one may send again once its minute has passed.
    expect((await from('198.51.100.10')).statusCode).toBe(204);
    t.clock.advance(60_000);
    expect((await from('198.51.100.9')).statusCode).toBe(204);
  });

  it('refuses a page-view body over 4 KiB with a 413 before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ path: '/x', title: 't', pad: 'a'.repeat(5000) }),
      remoteAddress: '198.51.100.11',
    });
    expect(res.statusCode).toBe(413);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
  });
});
