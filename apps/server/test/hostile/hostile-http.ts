// The hostile-input campaign's plumbing (docs/decisions/025-hostile-campaign.md): raw HTTP requests, the
// before/after snapshot of the data a refused request must not change, and the summary table.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Deps } from '../../src/deps.ts';

/** What a case is allowed to do: most must be refused; a few are valid by design and checked differently. */
export type Expectation =
  /** a 4xx with a message, and nothing in the snapshot changes */
  | 'refused'
  /** any answer but a 5xx (a read, a replayed webhook answered `duplicate`), and nothing changes */
  | 'harmless'
  /** at a bound, so accepted by design (e.g. 1 or 1,000,000 custom credits): any answer but a 5xx, changes allowed */
  | 'accepted';

export interface HostileCase {
  readonly category: string;
  readonly name: string;
  readonly method: string;
  /** Sent byte for byte (no URL normalisation: `../` and `%2e%2e` reach the server as written). */
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  readonly expect?: Expectation;
}

export interface RawResponse {
  readonly status: number;
  readonly body: string;
}

/** One request over a fresh TCP connection, the path and headers exactly as given. */
export function rawRequest(
  port: number,
  method: string,
  requestPath: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: requestPath,
        agent: false,
        headers: {
          ...(payload ? { 'content-length': String(payload.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${requestPath.slice(0, 80)}`)));
    req.end(payload);
  });
}

/** The message of an error answer: {detail} (the API's errors), a field map (forms) or {message} (framework). */
export function messageOf(body: string): string | undefined {
  try {
    const json = JSON.parse(body) as unknown;
    if (!json || typeof json !== 'object') return undefined;
    const record = json as Record<string, unknown>;
    for (const key of ['detail', 'message']) {
      if (typeof record[key] === 'string' && (record[key] as string).trim() !== '')
        return record[key] as string;
    }
    // Form errors: {field: [messages]}.
    const first = Object.values(record).find(
      (value) => Array.isArray(value) && typeof value[0] === 'string' && value[0] !== '',
    ) as string[] | undefined;
    return first?.[0];
  } catch {
    return undefined;
  }
}

/** Tables a refused request must leave as they were: credits, orders, payments, users, API keys, exports, webhooks, schedules. */
const SNAPSHOT_TABLES = [
  'credit_lots',
  'credit_ledger',
  'credit_reservations',
  'orders',
  'payments',
  'webhook_events',
  'payment_adjustments',
  'users',
  'api_keys',
  'account_exports',
  'webhook_endpoints',
  'outgoing_events',
  'webhook_deliveries',
  'order_schedules',
] as const;

function listFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory()) return listFiles(full, `${name}/`);
      // The background storage check's probe (every 5 s, deleted at once) is the server's own, not a request's.
      if (name.startsWith('.tmp/health.')) return [];
      const stat = fs.statSync(full, { throwIfNoEntry: false });
      if (!stat) return [];
      return [`${name}:${stat.size}:${stat.mtimeMs}`];
    })
    .sort();
}

/** The rows of every snapshot table and the files under STORAGE_DIR, as one comparable value per table. */
export async function snapshot(deps: Deps): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of SNAPSHOT_TABLES) {
    const rows = await deps.db.selectFrom(table).selectAll().execute();
    result[table] = rows
      // A key's last use is bookkeeping written by any authenticated request (at most once a minute), not a change.
      .map((row) => (table === 'api_keys' ? { ...row, last_used_at: null } : row))
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
      )
      .sort()
      .join('\n');
  }
  result.files = listFiles(deps.config.storage.dir).join('\n');
  return result;
}

/** Names of the tables (or `files`) that differ between two snapshots. */
export function changedParts(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((key) => before[key] !== after[key]);
}

export interface CategoryRow {
  category: string;
  requests: number;
  statuses: Map<number, number>;
  fiveXx: number;
  dataChanged: number;
  acceptedByDesign: number;
  healthMs: number;
}

/** The campaign's table, in Markdown (it goes into bench/RESULTS.md as printed). */
export function formatTable(rows: CategoryRow[]): string {
  const lines = [
    '| Category | Requests | Status codes seen | 5xx | Data changed | Accepted by design | Health after (ms) |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const statuses = [...row.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ');
    lines.push(
      `| ${row.category} | ${row.requests} | ${statuses} | ${row.fiveXx} | ${row.dataChanged} | ${row.acceptedByDesign} | ${row.healthMs.toFixed(1)} |`,
    );
  }
  const total = (pick: (row: CategoryRow) => number) => rows.reduce((n, row) => n + pick(row), 0);
  lines.push(
    `| **Total** | ${total((r) => r.requests)} | | ${total((r) => r.fiveXx)} | ${total((r) => r.dataChanged)} | ${total((r) => r.acceptedByDesign)} | |`,
  );
  return lines.join('\n');
}
