import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listPageViewCounts } from '../services/analytics.service.ts';

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
});
