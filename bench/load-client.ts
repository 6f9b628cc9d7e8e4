// The simulated users of bench/load.ts: a browser-like session over HTTP and the latency of every call per route.
import http from 'node:http';
import type { FormatType, SearchType } from '@threadcart/contracts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const between = (low: number, high: number) => low + Math.random() * (high - low);

/** Words the generated corpus uses often (bench/load-setup.ts generates it). */
const KEYWORDS = [
  'python',
  'data',
  'pandas',
  'science',
  'music',
  'game',
  'river',
  'recipe',
  'budget',
  'space',
];
const FORMATS: FormatType[] = ['json', 'csv', 'ndjson', 'xlsx', 'parquet'];
const SEARCH_TYPES: SearchType[] = ['posts', 'comments', 'both'];

export interface CallRecord {
  readonly route: string;
  readonly ms: number;
  readonly status: number;
  /** the status was one the call expects */
  readonly ok: boolean;
}

/** Every call's route, latency and status, from every user. */
export class Stats {
  readonly calls: CallRecord[] = [];
  readonly failures: string[] = [];
  record(call: CallRecord, detail = ''): void {
    this.calls.push(call);
    if (!call.ok && this.failures.length < 50)
      this.failures.push(`${call.route} → ${call.status} ${detail}`.trim());
  }
}

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

/** One HTTP exchange over `agent`: status, headers and the whole body. */
function exchange(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A signed-in browser: its cookies, its CSRF token, its own client address (a loopback address of its own, as each
 * person has their own address: the per-address limits then count what they would count in the field), and every
 * call recorded under a route pattern.
 */
export class Session {
  private readonly cookies = new Map<string, string>();
  private csrf = '';
  private readonly agent: http.Agent;
  constructor(
    private readonly base: string,
    private readonly stats: Stats,
    localAddress = '127.0.0.1',
  ) {
    this.agent = new http.Agent({ keepAlive: true, localAddress } as http.AgentOptions);
  }

  async call(
    method: string,
    url: string,
    route: string,
    options: { body?: unknown; expect?: number[]; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; json: unknown; bytes: number }> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = { ...options.headers, ...(cookie ? { cookie } : {}) };
    if (this.csrf) headers['x-csrftoken'] = this.csrf;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const started = performance.now();
    let status = 0;
    try {
      const res = await exchange(this.agent, new URL(this.base + url), method, headers, body);
      status = res.status;
      for (const line of [res.headers['set-cookie'] ?? []].flat()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const ms = performance.now() - started;
      const isJson = (res.headers['content-type'] ?? '').includes('application/json');
      const json = isJson && res.body.length > 0 ? (JSON.parse(res.body.toString()) as unknown) : null;
      const ok = (options.expect ?? [200]).includes(status);
      this.stats.record(
        { route: `${method} ${route}`, ms, status, ok },
        ok ? '' : res.body.toString().slice(0, 200),
      );
      return { status, json, bytes: res.body.length };
    } catch (error) {
      this.stats.record(
        { route: `${method} ${route}`, ms: performance.now() - started, status, ok: false },
        String(error),
      );
      return { status: 0, json: null, bytes: 0 };
    }
  }

  close(): void {
    this.agent.destroy();
  }

  async signIn(username: string, password: string): Promise<boolean> {
    const login = await this.call('POST', '/api/auth/token/', '/api/auth/token/', {
      body: { username, password },
    });
    const csrf = await this.call('GET', '/api/auth/csrf/', '/api/auth/csrf/');
    this.csrf = (csrf.json as { csrfToken?: string } | null)?.csrfToken ?? '';
    return login.status === 200 && this.csrf !== '';
  }
}

interface OwnOrder {
  readonly id: string;
  isDownloaded: boolean;
}

/** The orders one simulated user placed (ids), for the run's checks. */
export type OrderBook = Map<string, string[]>;

const filtersFor = (keyword: string) => ({
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: keyword }],
});

/**
 * One user for the run: arrives within the first `arrivalMs`, signs in, then until `deadline` does what a person on
 * the dashboard and the order builder does, pausing 1–4 s between actions: polls the dashboard (45 %), runs a dry
 * run (12 %), places a small order (`orderShare`, at most 3 open), opens an order and downloads its file once it is
 * ready (25 %), reads the credits (the rest).
 */
export async function simulateUser(
  base: string,
  user: { id: string; username: string; password: string; address: string },
  options: { deadline: number; arrivalMs: number; stats: Stats; orders: OrderBook; orderShare: number },
): Promise<void> {
  const { stats } = options;
  await sleep(between(0, options.arrivalMs));
  const session = new Session(base, stats, user.address);
  try {
    await actAsUser(session, user, options);
  } finally {
    session.close();
  }
}

async function actAsUser(
  session: Session,
  user: { id: string; username: string; password: string },
  options: { deadline: number; orders: OrderBook; orderShare: number },
): Promise<void> {
  const { deadline } = options;
  if (!(await session.signIn(user.username, user.password))) return;
  await session.call('GET', '/api/users/me/', '/api/users/me/');
  const mine: OwnOrder[] = [];
  options.orders.set(user.id, []);
  while (Date.now() < deadline) {
    await sleep(between(1000, 4000));
    if (Date.now() >= deadline) break;
    const roll = Math.random();
    if (roll < 0.45) {
      await session.call('GET', '/api/search-queries/list/', '/api/search-queries/list/');
      await session.call('GET', '/api/dashboard/stats/', '/api/dashboard/stats/');
    } else if (roll < 0.57) {
      await session.call('POST', '/api/search-queries/preview/', '/api/search-queries/preview/', {
        body: { search_type: pick(SEARCH_TYPES), result_count: 100, filters: filtersFor(pick(KEYWORDS)) },
      });
    } else if (roll < 0.57 + options.orderShare) {
      const open = mine.filter((o) => !o.isDownloaded).length;
      if (open >= 3) continue;
      const res = await session.call('POST', '/api/search-queries/create/', '/api/search-queries/create/', {
        expect: [201],
        headers: { 'idempotency-key': `${user.id}-${mine.length}` },
        body: {
          title: `load ${mine.length}`,
          search_type: pick(SEARCH_TYPES),
          format_type: pick(FORMATS),
          result_count: Math.round(between(20, 100)),
          filters: filtersFor(pick(KEYWORDS)),
        },
      });
      const id = (res.json as { id?: string } | null)?.id;
      if (id) {
        mine.push({ id, isDownloaded: false });
        options.orders.get(user.id)!.push(id);
      }
    } else if (roll < 0.9 && mine.length > 0) {
      const order = pick(mine);
      const res = await session.call('GET', `/api/search-queries/${order.id}/`, '/api/search-queries/:id/');
      const detail = res.json as { status?: string; there_is_file?: boolean } | null;
      if (detail?.status === 'completed' && detail.there_is_file && !order.isDownloaded) {
        const file = await session.call('GET', `/api/download/${order.id}/`, '/api/download/:id/');
        order.isDownloaded = file.status === 200 && file.bytes > 0;
      }
    } else {
      await session.call('GET', '/api/users/me/credits/', '/api/users/me/credits/');
    }
  }
}

/** What the health probe saw: statuses and storage states (issue 28 item 3: never 503 while storage is writable). */
export class HealthTally {
  readonly statuses = new Map<number, number>();
  readonly storage = new Map<string, number>();
  readonly reasons: string[] = [];
  slowestCheckMs = 0;

  add(status: number, body: unknown): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const health = body as { storage?: string; database?: string; storage_check_ms?: number | null } | null;
    const storage = health?.storage ?? 'no answer';
    this.storage.set(storage, (this.storage.get(storage) ?? 0) + 1);
    this.slowestCheckMs = Math.max(this.slowestCheckMs, health?.storage_check_ms ?? 0);
    if (status !== 200 && this.reasons.length < 10)
      this.reasons.push(`${status}: database ${health?.database ?? '?'}, storage ${storage}`);
  }

  get unhealthy(): number {
    return [...this.statuses].filter(([status]) => status !== 200).reduce((sum, [, n]) => sum + n, 0);
  }

  toText(): string {
    const statuses = [...this.statuses].map(([status, n]) => `${n} × ${status}`).join(', ');
    const storage = [...this.storage].map(([state, n]) => `${n} × ${state}`).join(', ');
    return `health: ${statuses}; storage ${storage}; slowest storage check ${Math.round(this.slowestCheckMs)} ms`;
  }

  toJSON() {
    return {
      statuses: Object.fromEntries(this.statuses),
      storage: Object.fromEntries(this.storage),
      slowestCheckMs: this.slowestCheckMs,
      reasons: this.reasons,
    };
  }
}

/** Asks for /api/health/ every `everyMs` until `deadline`: the canary for a request that stalls the others. */
export async function probeHealth(
  base: string,
  stats: Stats,
  deadline: number,
  everyMs = 250,
  tally?: HealthTally,
): Promise<void> {
  const session = new Session(base, stats);
  while (Date.now() < deadline) {
    const res = await session.call('GET', '/api/health/', '/api/health/ (probe)');
    tally?.add(res.status, res.json);
    await sleep(everyMs);
  }
}
