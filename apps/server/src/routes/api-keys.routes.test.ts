import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, signUpAndSignIn } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('API keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates a key shown once, lists it by name and prefix, and authenticates with it without CSRF', async () => {
    const s = await signUpAndSignIn(t.app);
    const key = await createApiKey(t.app, s, 'my script');
    expect(key.key).toMatch(/^tc_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.key.slice(0, 11));

    const list = await t.app.inject({ method: 'GET', url: '/api/auth/keys/', headers: s.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().keys).toEqual([
      {
        id: key.id,
        name: 'my script',
        prefix: key.prefix,
        created_at: expect.any(String),
        last_used_at: null,
        scopes: ['read', 'orders'],
      },
    ]);
    expect(list.body).not.toContain(key.key);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: key.headers });
    expect(me.json().user).toMatchObject({ id: s.user.id, credits: 1000 });
    // An unsafe request with the key needs no CSRF token, even when stale session cookies ride along.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: { ...key.headers, cookie: s.headers.cookie },
      payload: {},
    });
    expect(order.statusCode).toBe(400);
    // A key never mints another (issue 28).
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/keys/',
      headers: { ...key.headers, cookie: s.headers.cookie },
      payload: { name: 'second' },
    });
    expect(second.statusCode).toBe(403);
  });

  it('revokes a key (204), after which it no longer authenticates; others cannot revoke it', async () => {
    const owner = await signUpAndSignIn(t.app);
    const other = await signUpAndSignIn(t.app);
    const key = await createApiKey(t.app, owner);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/keys/${key.id}/`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/keys/nope/',
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/keys/${key.id}/`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: key.headers });
    expect(me.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/keys/', headers: owner.headers });
    expect(list.json().keys).toEqual([]);
  });

  it('refuses an unknown key and an empty name', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: { authorization: 'Token tc_nonsense' },
    });
    expect(bad.statusCode).toBe(401);
    const s = await signUpAndSignIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/keys/',
      headers: s.headers,
      payload: { name: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['name']);
  });
});
