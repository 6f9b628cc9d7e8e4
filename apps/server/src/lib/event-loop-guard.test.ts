import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { watchEventLoop } from './event-loop-guard.ts';

/** Keeps the loop busy for `ms`, as synchronous work that grows with data would. */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy: nothing else runs on this thread meanwhile.
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the event-loop guard', () => {
  const lines: Array<Record<string, unknown>> = [];
  const app = Fastify({
    loggerInstance: pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    ) as FastifyBaseLogger,
  });
  let t: TestApp;

  beforeAll(async () => {
    watchEventLoop(app);
    app.get('/blocking/:id', async () => {
      await pause(5);
      blockLoop(200);
      return { ok: true };
    });
    app.get('/quick', async () => {
      await pause(5);
      return { ok: true };
    });
    await app.ready();
    t = await buildTestApp({ METRICS_TOKEN: 'event-loop-test-token-0123' });
    // Health counts the corpus in the dry-run threads, which the server starts as it starts listening (main.ts).
    await t.deps.dryRuns.warmUp();
    // Let the detector take its first ticks.
    await pause(100);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const warnings = () =>
    lines.filter((line) => line.msg === 'event loop blocked while handling this request');

  it('warns with the route when a request blocks the loop for 200 ms', async () => {
    expect((await app.inject({ method: 'GET', url: '/blocking/42' })).statusCode).toBe(200);
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: 40,
        route: 'GET /blocking/:id',
        statusCode: 200,
        blockedMs: expect.any(Number),
      }),
    ]);
    expect(warnings()[0]!.blockedMs).toBeGreaterThanOrEqual(150);
  });

  it('stays quiet for requests that do not block', async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i += 1)
      expect((await app.inject({ method: 'GET', url: '/quick' })).statusCode).toBe(200);
    expect(warnings()).toEqual([]);
  });

  it('does not blame a request that arrived after the block', async () => {
    lines.length = 0;
    blockLoop(200);
    expect((await app.inject({ method: 'GET', url: '/quick' })).statusCode).toBe(200);
    expect(warnings()).toEqual([]);
  });

  it('reports the p99 delay in /api/health/, which shows a 200 ms block', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(before.statusCode).toBe(200);
    expect(before.json().event_loop_delay_ms).toEqual(expect.any(Number));
    blockLoop(200);
    await pause(50);
    const started = performance.now();
    const after = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(after.json().event_loop_delay_ms).toBeGreaterThanOrEqual(100);
  });

  it('reports the same p99 in GET /metrics, which shows a 200 ms block', async () => {
    blockLoop(200);
    await pause(50);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer event-loop-test-token-0123' },
    });
    expect(res.statusCode).toBe(200);
    const value = /^threadcart_event_loop_delay_p99_seconds (\S+)$/m.exec(res.body)?.[1];
    expect(Number(value)).toBeGreaterThanOrEqual(0.1);
  });
});
