import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../test/admin-helpers.ts';
import { createApiKey } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listRoutes } from './route-list.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OVER_GLOBAL_LIMIT = JSON.stringify({ title: 'x'.repeat(600 * 1024) });
/**
 * 100,000 levels in 200 KB: within the body limit, far past any stack a recursive walk would have. The whole body,
 * so that a route with a body schema must look at it (unknown fields inside an object would be dropped).
 */
const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** One request over a real socket; `chunked` sends the body without a Content-Length. */
function send(
  port: number,
  method: string,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
  chunked = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        // A connection of its own: after an early 413 the rest of a body still on the wire ends that connection.
        agent: false,
        // Node frames a DELETE body only when told to: chunked is said explicitly.
        headers: chunked
          ? { ...headers, 'transfer-encoding': 'chunked' }
          : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    // The server may answer 413 and close before the whole body is sent.
    request.setTimeout(10_000, () => reject(new Error(`${method} ${path}: no answer in 10 s`)));
    request.on('error', (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    if (chunked) {
      const buffer = Buffer.from(body);
      for (let at = 0; at < buffer.length; at += 64 * 1024)
        request.write(buffer.subarray(at, at + 64 * 1024));
      request.end();
    } else request.end(body);
  });
}

describe('body limits, JSON only and depth, on every unsafe route and every way of sending a body', () => {
  let t: TestApp;
  let port: number;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    // An administrator's API key: every route's checks pass up to its body, and no cookie session can be spent.
    auth = (await createApiKey(t.app, await signUpAdmin(t))).headers;
  });
  afterAll(() => t.close());

  const unsafeRoutes = () =>
    listRoutes(t.app)
      .filter((route) => UNSAFE.has(route.method) && route.url.startsWith('/api/'))
      .map((route) => ({ ...route, path: route.url.replace(/:[a-z_]+/gi, 'x') }));

  it('covers every unsafe API route', () => {
    expect(unsafeRoutes().length).toBeGreaterThan(25);
  });

  it(
    'refuses a body past the limit with 413, sent with a length or chunked',
    { timeout: 120_000 },
    async () => {
      const json = { ...auth, 'content-type': 'application/json' };
      for (const route of unsafeRoutes()) {
        const sized = await send(port, route.method, route.path, OVER_GLOBAL_LIMIT, json);
        const chunked = await send(port, route.method, route.path, OVER_GLOBAL_LIMIT, json, true);
        expect([route.url, sized.status, chunked.status]).toEqual([route.url, 413, 413]);
        expect(JSON.parse(sized.body)).toMatchObject({
          code: expect.any(String),
          detail: expect.any(String),
        });
      }
    },
  );

  it(
    'refuses bodies that are not JSON with 415, whatever the declared type',
    { timeout: 120_000 },
    async () => {
      for (const route of unsafeRoutes()) {
        for (const type of [
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ]) {
          const res = await send(port, route.method, route.path, '{"title":"x"}', {
            ...auth,
            'content-type': type,
          });
          expect([route.url, type, res.status]).toEqual([route.url, type, 415]);
        }
      }
    },
  );

  it('answers a 100,000-level body with a 4xx on every route (charset parameter, gzip encoding too)', async () => {
    const forms: [string, Record<string, string>, string | Buffer][] = [
      ['plain', { 'content-type': 'application/json' }, DEEP],
      ['charset', { 'content-type': 'application/json; charset=utf-8' }, DEEP],
      ['gzip', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(DEEP)],
    ];
    for (const route of unsafeRoutes()) {
      for (const [form, headers, body] of forms) {
        const res = await send(port, route.method, route.path, body, { ...auth, ...headers });
        expect(res.status, `${route.method} ${route.url} (${form})`).toBeLessThan(500);
        // A route without a body schema ignores the body (logout answers 200); one with a schema refuses it.
        if (route.hasBodySchema)
          expect(res.status, `${route.method} ${route.url} (${form})`).toBeGreaterThanOrEqual(400);
      }
    }
    const health = await fetch(`http://127.0.0.1:${port}/api/health/`);
    expect(health.status).toBe(200);
  }, 120_000);
});
