import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/** A built web app in miniature: the SPA's page and one of its assets. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'assets/app.js'), 'console.log("threadcart");');
  return dir;
}

const cookieNamed = (res: LightMyRequestResponse, name: string) =>
  [res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${name}=`)) ?? '';

describe('security headers and HEAD (http site)', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = fakeWebDist();
    t = await buildTestApp({ APP_URL: 'http://localhost:8080', WEB_DIST_DIR: web }, { serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('sends a CSP that forbids framing, X-Frame-Options DENY, and no HSTS over http', async () => {
    for (const url of ['/', '/dashboard', '/api/health/']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://www.googletagmanager.com");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers HEAD to a page as GET does: status and headers, no body', async () => {
    for (const url of ['/', '/dashboard', '/orders/new?x=1', '/assets/app.js']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(get.statusCode);
      for (const name of ['content-type', 'content-length', 'content-security-policy', 'x-frame-options']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
      expect(get.body.length).toBeGreaterThan(0);
      expect(head.body).toBe('');
    }
    const apiGet = await t.app.inject({ method: 'GET', url: '/api/credit-packages/' });
    const apiHead = await t.app.inject({ method: 'HEAD', url: '/api/credit-packages/' });
    expect(apiHead.statusCode).toBe(apiGet.statusCode);
    expect(apiHead.headers['content-type']).toBe(apiGet.headers['content-type']);
    expect(apiHead.body).toBe('');
    const missing = await t.app.inject({ method: 'HEAD', url: '/api/nothing-here/' });
    expect(missing.statusCode).toBe(404);
  });

  it('sets the session cookies httpOnly and SameSite=Lax, the CSRF cookie readable by the page, none Secure over http', async () => {
    const session = await signUpAndSignIn(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: session.username, password: session.password },
    });
    const access = cookieNamed(login, 'tc_access');
    const refresh = cookieNamed(login, 'tc_refresh');
    const csrf = cookieNamed(login, 'csrftoken');
    expect(access).toMatch(/; Path=\/(;|$)/);
    expect(refresh).toContain('; Path=/api/auth/');
    for (const cookie of [access, refresh]) {
      expect(cookie).toContain('; HttpOnly');
      expect(cookie).toContain('; SameSite=Lax');
      expect(cookie).not.toContain('; Secure');
    }
    expect(csrf).toContain('; SameSite=Lax');
    expect(csrf).not.toContain('HttpOnly');
  });
});

describe('security headers (https site)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ APP_URL: 'https://threadcart.example' });
  });
  afterAll(() => t.close());

  it('sends HSTS and upgrade-insecure-requests, and marks every cookie Secure', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const session = await signUpAndSignIn(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: session.username, password: session.password },
    });
    for (const name of ['tc_access', 'tc_refresh', 'csrftoken'])
      expect(cookieNamed(login, name)).toContain('; Secure');
  });
});
