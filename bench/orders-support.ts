// Shared by bench/orders.ts and bench/orders-context.ts: percentiles, a browser-like API client, the real server.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormatType } from '@threadcart/contracts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ROOT = path.join(ROOT, 'apps/server');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
export const median = (values: number[]) => percentile(values, 50);
export const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

/** What every order of the bench asks for, unless a case overrides it. */
export interface OrderDefaults {
  readonly searchType: string;
  readonly resultCount: number;
  readonly filters: unknown;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A browser-like session: cookies from sign-in plus the CSRF header. */
export class Client {
  private readonly cookies = new Map<string, string>();
  private csrf = '';
  constructor(
    private readonly base: string,
    private readonly defaults: OrderDefaults,
  ) {}
  get headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return { cookie, 'x-csrftoken': this.csrf, 'content-type': 'application/json' };
  }
  async call(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const res = await fetch(this.base + url, {
      method,
      headers: this.headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  }
  async signUp(username: string): Promise<string> {
    const password = 'Bench-secret-123';
    const signup = await this.call('POST', '/api/auth/signup/', {
      username,
      email: `${username}@example.com`,
      password1: password,
      password2: password,
      name: username,
    });
    if (signup.status !== 201 && signup.status !== 200) throw new Error(`sign-up: ${JSON.stringify(signup)}`);
    const login = await this.call('POST', '/api/auth/token/', { username, password });
    if (login.status !== 200) throw new Error(`sign-in: ${JSON.stringify(login)}`);
    const csrf = await this.call('GET', '/api/auth/csrf/');
    this.csrf = (csrf.json as { csrfToken: string }).csrfToken;
    return (login.json as { user: { id: string } }).user.id;
  }
  async placeOrder(
    format: FormatType,
    title: string,
    options: Record<string, unknown> = {},
  ): Promise<string> {
    const res = await this.call('POST', '/api/search-queries/create/', {
      title,
      search_type: this.defaults.searchType,
      format_type: format,
      result_count: this.defaults.resultCount,
      filters: this.defaults.filters,
      ...options,
    });
    if (res.status !== 201) throw new Error(`create: ${JSON.stringify(res)}`);
    return (res.json as { id: string }).id;
  }
  async waitUntilReady(orderId: string, timeoutMs = 120_000): Promise<{ records_delivered: number }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { json } = await this.call('GET', `/api/search-queries/${orderId}/`);
      const order = json as {
        status: string;
        there_is_file: boolean;
        records_delivered: number;
        error: string;
      };
      if (order.status === 'completed' && order.there_is_file) return order;
      if (order.status === 'failed') throw new Error(`order failed: ${order.error}`);
      if (Date.now() > deadline) throw new Error(`order ${orderId} not ready after ${timeoutMs} ms`);
      await sleep(20);
    }
  }
}

export function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log(`server exited: ${code ?? signal}`);
  });
  return child;
}

export async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not come up');
}
