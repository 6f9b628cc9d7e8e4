import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@threadcart/contracts';
import { buildApp } from '../../../../app.ts';
import { createDeps, type Deps } from '../../../../deps.ts';
import { countActiveSessions } from '../../../../db/repositories/auth/sessions-activity.repository.ts';
import { rememberDeps } from '../../../../../test/app-deps.ts';
import { signUpAndSignIn, type TestSession } from '../../../../../test/auth-helpers.ts';
import { testConfig } from '../../../../../test/build-test-app.ts';
import { insertCorpus, makeComment } from '../../../../../test/corpus-factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../../test/test-database.ts';

// A literal-free pattern that RE2 can only run slowly (its DFA gives up and its NFA keeps hundreds of threads alive:
// two bounded gaps of up to 200 and 40 characters), over 2,000-character comments: an exact count takes about 20 s
// on an idle machine of this kind, far past a dry run's budget whatever the machine's speed. (A single gap of 20 ran
// through in 0.5 s on an idle machine and made these tests depend on the machine being busy.)
const HOSTILE = '[a-z][^x]{0,200}[a-z][^x]{0,40}[0-9]{3}q';
const COMMENTS = 12_000;
const WORDS = 'alpha beta gamma delta data python pandas river stone cloud'.split(' ');

function body(i: number): string {
  let text = `${i} `;
  while (text.length < 2000) text += `${WORDS[(i * 7 + text.length) % WORDS.length]} `;
  return i % 97 === 0 ? `${text}a${'b'.repeat(20)}123q` : text;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const comments = Array.from({ length: COMMENTS }, (_, i) =>
    makeComment({ id: `c${i}`, body: body(i), score: i % 50 }),
  );
  await insertCorpus(database.db, { comments });
}, 180_000);
afterAll(async () => database.close());

interface Server {
  readonly app: FastifyInstance;
  readonly deps: Deps;
  readonly port: number;
  readonly session: TestSession;
  close(): Promise<void>;
}

/** The real HTTP server over the shared corpus, with the given dry-run budget. */
async function startServer(budgetMs: number): Promise<Server> {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-dry-run-'));
  const config = testConfig({
    DATABASE_URL: database.url,
    ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
    STORAGE_DIR: storage,
    DRY_RUN_BUDGET_MS: String(budgetMs),
    DRY_RUN_THREADS: '2',
  });
  const deps = await createDeps(config, {
    database: { ...database, close: async () => undefined },
    logger: pino({ level: 'silent' }),
    migrate: false,
  });
  const app = await buildApp(deps);
  rememberDeps(app, deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  await deps.dryRuns.warmUp();
  const session = await signUpAndSignIn(app);
  return {
    app,
    deps,
    port: (app.server.address() as AddressInfo).port,
    session,
    close: async () => {
      await app.close();
      await deps.close();
      fs.rmSync(storage, { recursive: true, force: true });
    },
  };
}

const previewBody = (value: string) =>
  JSON.stringify({
    search_type: 'comments',
    result_count: 100,
    filters: { combinator: 'and', rules: [{ field: 'regex', operator: 'regex_matches', value }] },
  });

/** A dry run over a real socket; `abortAfterMs` closes the connection before the answer. */
function postPreview(server: Server, value: string, abortAfterMs?: number, session = server.session) {
  return new Promise<{ status: number; body: Record<string, unknown> } | 'aborted'>((resolve, reject) => {
    const payload = previewBody(value);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/search-queries/preview/',
        headers: {
          ...session.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', (error) => (abortAfterMs === undefined ? reject(error) : resolve('aborted')));
    request.end(payload);
    if (abortAfterMs !== undefined) setTimeout(() => request.destroy(), abortAfterMs);
  });
}

/** No dry-run statement left running: no active session (PostgreSQL), no reader holding the WAL (SQLite). */
async function expectNoDryRunQuery(deps: Deps): Promise<void> {
  if (TEST_DIALECT === 'postgres') {
    for (let i = 0; i < 20 && (await countActiveSessions(deps.db, 'threadcart-dry-run')) > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await countActiveSessions(deps.db, 'threadcart-dry-run')).toBe(0);
  } else {
    // A checkpoint that truncates the WAL must wait for every reader: busy = 0 means none is reading.
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(deps.db);
    expect(Number(rows[0]?.busy)).toBe(0);
  }
  expect(deps.dryRuns.pending).toBe(0);
}

describe(`dry runs in threads, within a budget (${TEST_DIALECT})`, () => {
  it('answers past its budget with an estimate and its range, and leaves no query running', async () => {
    const server = await startServer(300);
    try {
      const started = Date.now();
      const answer = await postPreview(server, HOSTILE);
      const elapsed = Date.now() - started;
      if (answer === 'aborted') throw new Error('no answer');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ matches_is_estimate: true, matches_capped: false });
      const { matches, matches_low: low, matches_high: high } = answer.body as Record<string, number>;
      expect(low).toBeLessThanOrEqual(matches!);
      expect(high).toBeGreaterThanOrEqual(matches!);
      expect(high).toBeGreaterThan(0);
      // An estimate never answers 0 unless its whole range is 0 (decision 035).
      expect(matches).toBeGreaterThan(0);
      // The budget, plus the estimate and a loaded machine (seen: 2.3 s at a load of 9 on 2 cores); an exact count of
      // this pattern takes about 20 s.
      expect(elapsed).toBeLessThan(300 + 4_000);
      await expectNoDryRunQuery(server.deps);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("holds a budget of 1 s with ten OR'd literal-free patterns, each slow in RE2 (every statement and check)", async () => {
    const server = await startServer(1000);
    try {
      // Ten variants of HOSTILE: every row costs RE2 ten slow runs, so checking rows in blocks, or a statement that
      // outlives the phases, shows up as seconds past the budget.
      const patterns = Array.from(
        { length: 10 },
        (_, i) => `[a-z][^x]{0,200}[a-z][^x]{0,40}[0-9]{3}${'qrstuvwyzk'[i]}`,
      );
      const payload = JSON.stringify({
        search_type: 'comments',
        result_count: 100,
        filters: {
          combinator: 'or',
          rules: patterns.map((value) => ({ field: 'regex', operator: 'regex_matches', value })),
        },
      });
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${server.port}/api/search-queries/preview/`, {
        method: 'POST',
        headers: { ...server.session.headers, 'content-type': 'application/json' },
        body: payload,
      });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ matches_is_estimate: true });
      expect(body.matches).toBeGreaterThan(0);
      // The budget, plus one pattern's run on one row and a loaded machine's scheduling (before the cutoff and the
      // check between patterns: 5.3 s on PostgreSQL, 5.1 s on SQLite, at a load average of 12 on 2 cores).
      expect(elapsed).toBeLessThan(1000 + 1500);
      await expectNoDryRunQuery(server.deps);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('ends the dry run of a client that closes its connection', async () => {
    const server = await startServer(20_000);
    try {
      const before = server.deps.dryRuns.threadIds;
      const started = Date.now();
      expect(await postPreview(server, HOSTILE, 400)).toBe('aborted');
      for (let i = 0; i < 40 && server.deps.dryRuns.pending > 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(server.deps.dryRuns.pending).toBe(0);
      // The thread that ran it was ended (and replaced), long before its budget of 20 s.
      expect(server.deps.dryRuns.threadIds).not.toEqual(before);
      expect(Date.now() - started).toBeLessThan(10_000);
      await expectNoDryRunQuery(server.deps);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("ends a user's oldest dry run when they start one past 2 at once; another user's run is untouched", async () => {
    const server = await startServer(3_000);
    try {
      const other = await signUpAndSignIn(server.app);
      const before = server.deps.dryRuns.threadIds;
      const pause = () => new Promise((r) => setTimeout(r, 150));
      const first = postPreview(server, HOSTILE);
      await pause();
      const second = postPreview(server, HOSTILE);
      await pause();
      const others = postPreview(server, HOSTILE, undefined, other);
      await pause();
      const thirdStarted = Date.now();
      const third = postPreview(server, HOSTILE);
      const oldest = await first;
      if (oldest === 'aborted') throw new Error('no answer');
      expect(oldest.status).toBe(409);
      expect(oldest.body).toEqual({
        detail: ORDER_MESSAGES.dryRunSuperseded(2),
        code: 'dry_run_superseded',
      });
      // Ended at once, long before its budget of 3 s, and its thread with it.
      expect(Date.now() - thirdStarted).toBeLessThan(2_000);
      const rest = await Promise.all([second, others, third]);
      expect(rest.map((answer) => (answer === 'aborted' ? 0 : answer.status))).toEqual([200, 200, 200]);
      expect(server.deps.dryRuns.threadIds).not.toEqual(before);
      await expectNoDryRunQuery(server.deps);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('keeps answering /api/health/ within 100 ms while hostile dry runs scan', async () => {
    const server = await startServer(5_000);
    try {
      const health = async () => {
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${server.port}/api/health/`);
        expect(res.status).toBe(200);
        return performance.now() - started;
      };
      await health();
      const runs = [
        postPreview(server, HOSTILE),
        postPreview(server, HOSTILE),
        postPreview(server, `${HOSTILE}|x{1,3}[0-9]{5}z`),
      ];
      await new Promise((r) => setTimeout(r, 300));
      const latencies: number[] = [];
      for (let i = 0; i < 30 && server.deps.dryRuns.pending > 0; i++) {
        latencies.push(await health());
        await new Promise((r) => setTimeout(r, 30));
      }
      await Promise.all(runs);
      // Measured while the scans ran (they take seconds); on a shared machine one answer may catch a GC or a
      // scheduler hiccup, so 90 % must be under 100 ms and none may wait for a scan.
      expect(latencies.length).toBeGreaterThanOrEqual(10);
      const sorted = [...latencies].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length * 0.9) - 1]).toBeLessThan(100);
      expect(sorted.at(-1)).toBeLessThan(1_000);
    } finally {
      await server.close();
    }
  }, 120_000);
});
