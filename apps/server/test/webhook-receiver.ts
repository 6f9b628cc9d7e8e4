import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface ReceivedWebhook {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly path: string;
}

/** How the receiver answers the next request: a status, optionally late, with a body, or a redirect. */
export interface ReceiverAnswer {
  readonly status: number;
  readonly delayMs?: number;
  readonly body?: string | Buffer;
  readonly location?: string;
  /** an answer body that never ends: chunks are written for as long as the client reads them */
  readonly isEndless?: boolean;
}

/**
 * A real HTTP server on 127.0.0.1 that records every request and answers from a queue (200 once the queue is empty),
 * the way a user's webhook endpoint would.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: ReceiverAnswer[] = [];
  let bytesSent = 0;
  const endlessOpenMs: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '',
      });
      const answer = answers.shift() ?? { status: 200 };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
        if (answer.isEndless) {
          const openedAt = performance.now();
          res.once('close', () => endlessOpenMs.push(performance.now() - openedAt));
          const chunk = Buffer.alloc(16 * 1024, 'x');
          const pump = () => {
            while (!res.destroyed) {
              bytesSent += chunk.length;
              if (!res.write(chunk)) break;
            }
            if (!res.destroyed) res.once('drain', pump);
          };
          pump();
          return;
        }
        const body = answer.body ?? 'ok';
        bytesSent += Buffer.byteLength(body);
        res.end(body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hooks/threadcart') => `http://127.0.0.1:${port}${path}`,
    received,
    /** Queues the answers of the next requests, in order. */
    answerWith: (...next: ReceiverAnswer[]) => answers.push(...next),
    /** Bytes of answer bodies written so far (an endless answer stops when the client hangs up). */
    bytesSent: () => bytesSent,
    /** For each endless answer that ended: how long the client kept reading it (ms). */
    endlessOpenMs,
    /** Forgets the queued answers and the requests received. */
    reset: () => {
      answers.length = 0;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * A receiver's check of `Threadcart-Signature`, written from the documented scheme (README "Using the API") and not
 * from the server's code: parse `t` and every `v1`, recompute HMAC-SHA256 of `${t}.${rawBody}` with the secret,
 * compare in constant time, and refuse a timestamp more than `toleranceSeconds` from the receiver's clock.
 */
export function verifyThreadcartSignature(input: {
  header: string | undefined;
  rawBody: string;
  secret: string;
  nowSeconds: number;
  toleranceSeconds: number;
}): { ok: true; timestamp: number } | { ok: false; reason: string } {
  if (!input.header) return { ok: false, reason: 'no signature header' };
  const parts = input.header.split(',').map((part) => part.split('=') as [string, string]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value);
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    return { ok: false, reason: 'malformed header' };
  if (Math.abs(input.nowSeconds - timestamp) > input.toleranceSeconds)
    return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = createHmac('sha256', input.secret).update(`${timestamp}.${input.rawBody}`).digest();
  const matches = signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'signature mismatch' };
}
