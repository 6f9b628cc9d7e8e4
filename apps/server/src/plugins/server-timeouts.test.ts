import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/** A raw socket that sends `text` and collects what comes back until the server closes it (or `giveUpMs`). */
function sendRaw(port: number, text: string, giveUpMs = 8_000) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    setTimeout(() => socket.destroy(), giveUpMs).unref();
  });
}

describe('request timeouts (decision 028)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({
      REQUEST_TIMEOUT_MS: '1000',
      CONNECTION_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 408 and closes a request whose body never finishes arriving', async () => {
    const { answer, closedAfterMs } = await sendRaw(
      port,
      'POST /api/analytics/pageview/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"path": "/sl',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('answers 408 and closes a request whose headers never finish arriving', async () => {
    const { answer, closedAfterMs } = await sendRaw(
      port,
      'GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const { answer, closedAfterMs } = await sendRaw(
      port,
      'GET /api/auth/csrf/ HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/keep-alive: timeout=1/i);
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('serves a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/csrf/`);
    expect(res.status).toBe(200);
  });
});
