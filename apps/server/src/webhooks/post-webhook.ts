import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@threadcart/contracts';
import { isPublicAddress } from './public-address.ts';

/** A reason a request could not be made or had no answer, in words the endpoint's owner reads in the log. */
export class WebhookSendError extends Error {}

/** The address a webhook goes to: the URL, and the one IP address it was checked against and will connect to. */
export interface WebhookTarget {
  readonly url: URL;
  readonly host: string;
  readonly address: string;
  readonly family: 4 | 6;
}

const DNS_TIMEOUT_MS = 5000;

/**
 * Resolves a webhook URL's host to the address its request will use. Unless private addresses are allowed (the
 * operator's WEBHOOK_ALLOW_PRIVATE), the address must be public: the first public one the name resolves to is
 * chosen, and a name with none is refused (WebhookSendError naming the address). The caller connects to exactly
 * this address, so a second DNS answer (rebinding) cannot redirect the request.
 */
export async function resolveWebhookTarget(
  rawUrl: string,
  options: { allowPrivate: boolean },
): Promise<WebhookTarget> {
  const url = new URL(rawUrl);
  // IPv6 literals come bracketed in URL.hostname.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await withTimeout(lookup(host, { all: true, verbatim: true }), DNS_TIMEOUT_MS);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA')
        throw new WebhookSendError(WEBHOOK_MESSAGES.hostNotFound(host));
      throw new WebhookSendError(`The host name ${host} could not be resolved (${code ?? 'timeout'}).`);
    }
  }
  const chosen = options.allowPrivate ? addresses[0] : addresses.find((a) => isPublicAddress(a.address));
  if (!chosen) {
    const first = addresses[0]?.address ?? 'no address';
    throw new WebhookSendError(WEBHOOK_MESSAGES.urlNotPublic(host, first));
  }
  return { url, host, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

export interface PostOptions {
  readonly body: string;
  readonly headers: Record<string, string>;
  /** the whole exchange (connect, TLS, send, the answer's status) must end within this */
  readonly timeoutMs: number;
  /** at most this much of the answer's body is read (and thrown away); the connection is closed after it */
  readonly maxResponseBytes: number;
}

/**
 * POSTs a body to a resolved target and returns the answer's HTTP status, connecting only to the target's checked
 * address (the host name still goes in the Host header and the TLS server name, and the certificate is checked
 * against it). Redirects are never followed: a 3xx is returned as it is. Throws WebhookSendError when no answer comes
 * within the timeout or the connection fails.
 */
export function postToTarget(target: WebhookTarget, options: PostOptions): Promise<number> {
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    // Node asks for every address when it tries several families (autoSelectFamily); it gets only the checked one.
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    let isSettled = false;
    const settle = (fn: () => void) => {
      if (isSettled) return;
      isSettled = true;
      fn();
    };
    const request = client.request({
      protocol: target.url.protocol,
      host: target.host,
      port: target.url.port || undefined,
      path: `${target.url.pathname}${target.url.search}`,
      method: 'POST',
      agent: false,
      lookup: pinned,
      headers: {
        ...options.headers,
        host: target.url.host,
        'content-length': String(Buffer.byteLength(options.body)),
      },
    });
    const deadline = setTimeout(() => {
      const seconds = Math.round(options.timeoutMs / 100) / 10;
      request.destroy(new WebhookSendError(`No answer within ${seconds} seconds.`));
    }, options.timeoutMs);
    request.on('response', (response) => {
      settle(() => resolve(response.statusCode ?? 0));
      // The answer's body is not needed: read a bounded amount so the endpoint can finish, then hang up.
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > options.maxResponseBytes) request.destroy();
      });
      response.on('end', () => clearTimeout(deadline));
      response.on('error', () => clearTimeout(deadline));
    });
    request.on('close', () => clearTimeout(deadline));
    request.on('error', (error) => {
      clearTimeout(deadline);
      settle(() => reject(error instanceof WebhookSendError ? error : new WebhookSendError(describe(error))));
    });
    request.end(options.body);
  });
}

/** A connection failure in a few words. */
function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'The connection was refused.';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'The connection was closed before an answer came.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The address cannot be reached.';
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_STATUS':
      return 'The endpoint did not answer with HTTP.';
    default:
      if (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
        return `The endpoint's TLS certificate was not accepted (${code}).`;
      return `The request failed (${code ?? error.message}).`;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
