import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/** Issue 18 item 9: errors Fastify raises before a route runs still answer in the API's `{detail, code}` shape. */
describe('framework errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers a URL that cannot be decoded with a 400 in the error shape', async () => {
    for (const url of ['/api/search-queries/%ZZ/', '/api/%ZZ/', '/pay/%E0%A4%A/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'The request address is not valid.', code: 'bad_url' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('keeps the shape for the body errors Fastify raises', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/keys/', headers, payload });
    const token = { authorization: 'Token tc_x' };
    for (const res of [
      await post({ ...token, 'content-type': 'application/json' }, '{bad'),
      await post({ ...token, 'content-type': 'application/json' }, ''),
      await post({ ...token, 'content-type': 'application/xml' }, '<a/>'),
      await post(
        { ...token, 'content-type': 'application/json' },
        JSON.stringify({ a: 'x'.repeat(600_000) }),
      ),
    ]) {
      expect([400, 413, 415]).toContain(res.statusCode);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
    }
  });
});
