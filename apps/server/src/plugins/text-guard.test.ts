import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@threadcart/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { holdsIllFormedText } from './text-guard.ts';

describe('holdsIllFormedText', () => {
  it('finds NUL and lone surrogates in values and keys, and accepts well-formed text', () => {
    expect(holdsIllFormedText({ a: ['x', { b: 'a\u0000b' }] })).toBe(true);
    expect(holdsIllFormedText({ a: 'x\ud800y' })).toBe(true);
    expect(holdsIllFormedText(['\udc00'])).toBe(true);
    expect(holdsIllFormedText({ 'k\u0000': 1 })).toBe(true);
    expect(holdsIllFormedText({ a: 'Grüße 🐍 \u0001', n: 1, z: null, t: true })).toBe(false);
  });

  it('walks a structure nested 200,000 deep without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(holdsIllFormedText(deep)).toBe(true);
  });
});

describe('text guard on the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses NUL or a lone surrogate in a body, query or path with a 400 and its message', async () => {
    for (const username of ['a\u0000b', 'x\ud800', '\udc00']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { username, password: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: API_MESSAGES.invalidText, code: 'invalid_text' });
    }
    const query = await t.app.inject({ method: 'GET', url: '/api/users/me/ledger/?page=%00' });
    expect(query.json().code).toBe('invalid_text');
    const params = await t.app.inject({ method: 'GET', url: '/api/search-queries/abc%00/' });
    expect(params.json().code).toBe('invalid_text');
  });

  it('lets well-formed text through to the route (here: a failed sign-in, not a text error)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: 'Grüße🐍', password: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
