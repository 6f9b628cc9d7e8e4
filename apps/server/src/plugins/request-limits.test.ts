import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@threadcart/contracts';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/database.ts';
import { createDeps } from '../deps.ts';
import { purgeRateLimitsJob } from '../jobs/purge-rate-limits.job.ts';
import { createApiKey, signUpAndSignIn } from '../../test/auth-helpers.ts';
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts';

const LIMITS = { RATE_LIMIT_PER_ADDRESS: '8', RATE_LIMIT_PER_USER: '5' };
const ADDRESS = '203.0.113.7';

/** An unsafe request every route refuses cheaply (a visitor's logout still counts against the limits). */
const logout = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/logout/', remoteAddress, headers });

describe('request limits on every unsafe route, stored in the database (decision 028)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(LIMITS);
  });
  afterAll(() => t.close());

  it('refuses the address past its limit with 429, Retry-After and the X-RateLimit headers; reads stay open', async () => {
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await logout(t.app, ADDRESS));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe('8');
    expect(answers[0]!.headers['x-ratelimit-remaining']).toBe('7');
    const refused = answers[9]!;
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.json()).toEqual({ detail: API_MESSAGES.tooManyRequests(60), code: 'throttled' });
    // A route that does not exist is counted too (a flood of them costs as much), and reads are not limited.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/nothing-here/', remoteAddress: ADDRESS })).statusCode,
    ).toBe(429);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health/', remoteAddress: ADDRESS })).statusCode,
    ).toBe(200);
    // Another address has its own count; the first one may go on when its window ends.
    expect((await logout(t.app, '198.51.100.1')).statusCode).toBe(200);
    t.clock.advance(59_000);
    const later = await logout(t.app, ADDRESS);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('1');
    t.clock.advance(1_000);
    expect((await logout(t.app, ADDRESS)).statusCode).toBe(200);
  });

  it('counts a user across addresses, by cookie or API key alike', async () => {
    const session = await signUpAndSignIn(t.app, { ip: '192.0.2.50' });
    const key = await createApiKey(t.app, session);
    t.clock.advance(61_000);
    const codes = [];
    for (let i = 0; i < 7; i += 1) {
      const headers = i % 2 === 0 ? key.headers : session.headers;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-email/resend/',
        remoteAddress: `192.0.2.${100 + i}`,
        headers,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.headers['retry-after']).toMatch(/^\d+$/);
    }
    expect(codes.slice(0, 5).every((code) => code !== 429)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429]);
    // Another user from the same addresses is not held back by the first one's count.
    const other = await signUpAndSignIn(t.app, { ip: '192.0.2.51' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email/resend/',
      remoteAddress: '192.0.2.100',
      headers: other.headers,
    });
    expect(res.statusCode).not.toBe(429);
  });

  it('stores a keyed hash, never the address, and the worker job purges ended windows', async () => {
    const rows = await t.deps.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).not.toContain('203.0.113');
    t.clock.advance(10 * 60_000);
    await purgeRateLimitsJob.run(t.deps);
    expect(await t.deps.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});

describe('two API processes sharing one database', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; close(): Promise<void> };
  beforeAll(async () => {
    t = await buildTestApp(LIMITS);
    second = await buildSecondApp(t, LIMITS);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('agree on a limit: 30 parallel requests split between them, exactly the limit gets through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => logout(i % 2 === 0 ? t.app : second.app, ADDRESS)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(8);
    expect(codes.filter((code) => code === 429)).toHaveLength(22);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

/** A second app over its own connection to the test's database, with the same settings (the same secret). */
async function buildSecondApp(t: TestApp, env: Record<string, string>) {
  const database = createDatabase(t.database.url, { schema: t.database.schema });
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-files-'));
  const config = testConfig({
    DATABASE_URL: t.database.url,
    ...(t.database.schema ? { DATABASE_SCHEMA: t.database.schema } : {}),
    STORAGE_DIR: storageDir,
    ...env,
  });
  const deps = await createDeps(config, {
    database,
    clock: t.clock,
    logger: pino({ level: 'silent' }),
    migrate: false,
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
