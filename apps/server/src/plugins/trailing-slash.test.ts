import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// API paths end with a slash (docs/product.md §2.15); one typed without it is redirected there (308 keeps the method
// and body), and the OpenAPI document says how requests authenticate, CSRF header included (issue 14).
describe('API paths without their trailing slash', () => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await buildTestApp();
    session = await signUpAndSignIn(t.app);
  });
  afterAll(() => t.close());

  it('redirect with 308 to the slashed path (docs/product.md §2.15), keeping the query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/api/health/');
    const withQuery = await t.app.inject({ method: 'GET', url: '/api/corpus/suggest?field=subreddit&q=py' });
    expect(withQuery.statusCode).toBe(308);
    expect(withQuery.headers.location).toBe('/api/corpus/suggest/?field=subreddit&q=py');
  });

  it('redirect paths with ids, and POSTs (the client repeats the method and body)', async () => {
    const byId = await t.app.inject({
      method: 'GET',
      url: '/api/search-queries/abc123',
      headers: session.headers,
    });
    expect(byId.statusCode).toBe(308);
    expect(byId.headers.location).toBe('/api/search-queries/abc123/');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: session.username, password: session.password },
    });
    expect(post.statusCode).toBe(308);
    expect(post.headers.location).toBe('/api/auth/token/');
  });

  it('still answer 404 where no route would answer with the slash either', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/health'],
      ['GET', '/api/search-queries/a/b'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('are described in the OpenAPI document with the CSRF header and the filter tree', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.csrfToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-CSRFToken',
    });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ in: 'cookie', name: 'tc_access' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ in: 'header', name: 'Authorization' });
    expect(doc.security).toEqual([{ sessionCookie: [], csrfToken: [] }, { apiKey: [] }]);
    const filters =
      doc.paths['/api/search-queries/create/'].post.requestBody.content['application/json'].schema.properties
        .filters;
    expect(filters.properties.combinator).toBeDefined();
    expect(filters.description).toContain('keyword');
  });
});
