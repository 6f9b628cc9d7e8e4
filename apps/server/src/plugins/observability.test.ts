import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/build-test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { buildApp } from '../app.ts';
import { createDeps } from '../deps.ts';

// Request lines of health checks go out at debug: at LOG_LEVEL=info a load balancer's polling writes nothing.
describe('request log lines', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function logsOf(level: string, urls: string[]) {
    const lines: { level: number; msg: string; req?: { url: string } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = testConfig({
      DATABASE_URL: database.url,
      ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
    });
    const deps = await createDeps(config, { database, logger: pino({ level }, sink), migrate: false });
    const app = await buildApp(deps);
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.close();
    return lines;
  }

  it('are at debug for /api/health/ and at info for other requests', async () => {
    const info = await logsOf('info', ['/api/health/', '/api/credit-packages/']);
    const urls = info.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
    expect(urls).toEqual(['/api/credit-packages/']);

    const debug = await logsOf('debug', ['/api/health/']);
    const health = debug.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
    expect(health).toHaveLength(2);
    expect(health.every((l) => l.level === 20)).toBe(true);
  });
});
