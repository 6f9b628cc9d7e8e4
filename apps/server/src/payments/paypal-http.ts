import { ProviderError, ProviderUnavailableError } from './provider.ts';

export interface PayPalHttpOptions {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Per attempt; the web client gives up after 10 s (docs/product.md §2.3), so one attempt stays below that. */
  readonly timeoutMs?: number;
  /** Extra attempts after a network error, a timeout, a 5xx or a 429 (same PayPal-Request-Id each time). */
  readonly retries?: number;
  readonly retryDelayMs?: number;
}

export interface PayPalResponse {
  readonly status: number;
  readonly body: unknown;
  readonly debugId: string | null;
}

export interface PayPalRequest {
  /** A JSON body already serialised (the webhook check splices the raw event into it). */
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

const TOKEN_MARGIN_MS = 60_000;

/**
 * PayPal's REST transport over fetch: an OAuth client-credentials token cached until shortly before it expires
 * (one request in flight shared by concurrent callers), renewed once when a call answers 401, and retries with
 * backoff for network errors, timeouts, 5xx and 429. Never logs: tokens and secrets stay in here.
 */
export class PayPalHttp {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: PayPalHttpOptions) {
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.retries = options.retries ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 200;
  }

  /** Sends an authorised call; a 5xx or 429 that outlasts the retries is returned, a network failure throws. */
  async request(method: 'GET' | 'POST', path: string, request: PayPalRequest = {}): Promise<PayPalResponse> {
    let hasRenewedToken = false;
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.accessToken();
      let response: PayPalResponse;
      try {
        response = await this.send(method, path, {
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${token}` },
        });
      } catch (error) {
        if (attempt < this.retries) {
          await this.backoff(attempt);
          continue;
        }
        throw new ProviderUnavailableError(`PayPal unreachable: ${describe(error)}`);
      }
      if (response.status === 401 && !hasRenewedToken) {
        hasRenewedToken = true;
        this.dropToken(token);
        attempt -= 1;
        continue;
      }
      if ((response.status >= 500 || response.status === 429) && attempt < this.retries) {
        await this.backoff(attempt);
        continue;
      }
      return response;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private dropToken(token: string): void {
    if (this.token?.value === token) this.token = null;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    for (let attempt = 0; ; attempt += 1) {
      let response: PayPalResponse | undefined;
      try {
        response = await this.send('POST', '/v1/oauth2/token', {
          body: 'grant_type=client_credentials',
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        });
      } catch (error) {
        if (attempt >= this.retries)
          throw new ProviderUnavailableError(`PayPal unreachable: ${describe(error)}`);
      }
      if (response && response.status < 500 && response.status !== 429) {
        const body = response.body as { access_token?: unknown; expires_in?: unknown } | null;
        if (response.status === 200 && typeof body?.access_token === 'string') {
          const lifeMs = (typeof body.expires_in === 'number' ? body.expires_in : 300) * 1000;
          this.token = {
            value: body.access_token,
            expiresAt: Date.now() + Math.max(lifeMs - TOKEN_MARGIN_MS, 1000),
          };
          return body.access_token;
        }
        throw new ProviderError('PayPal refused the client credentials', response.status, 'invalid_client');
      }
      if (attempt >= this.retries)
        throw new ProviderUnavailableError(`PayPal token call answered ${response?.status}`);
      await this.backoff(attempt);
    }
  }

  private async send(method: string, path: string, request: PayPalRequest): Promise<PayPalResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (request.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers,
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: response.status, body, debugId: response.headers.get('paypal-debug-id') };
  }

  private backoff(attempt: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** attempt));
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timed out' : error.message;
  return String(error);
}
