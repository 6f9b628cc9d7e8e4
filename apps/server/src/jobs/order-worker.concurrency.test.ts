import type { FormatType, Order, SearchType } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus } from '../../test/corpus-factories.ts';
import {
  FORMATS,
  listStorage,
  makeOrdersCorpus,
  reservationLedger,
  SEARCH_TYPES,
  waitFor,
} from '../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { startOrderWorker } from './order-worker.ts';

const USERS = 5;
// Ten orders a user, 955 credits in all: every order fits the 1,000-credit gift, so all 50 must be placed.
const SIZES = [5, 20, 40, 60, 80, 100, 120, 150, 180, 200];
const FILTERS = {
  combinator: 'and',
  rules: [
    { field: 'keyword', operator: 'keyword_contains', value: 'python' },
    { field: 'upvotes', operator: '>=', value: 0 },
  ],
};

describe(`50 concurrent orders from 5 users, two workers (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let second: DatabaseHandle | undefined;
  let users: TestSession[];

  beforeAll(async () => {
    t = await buildTestApp({ WORKER_POLL_INTERVAL_MS: '20' });
    if (TEST_DIALECT === 'postgres') second = createDatabase(t.database.url, { schema: t.database.schema });
    await insertCorpus(t.deps.db, makeOrdersCorpus({ posts: 200, comments: 300 }));
    users = await Promise.all(Array.from({ length: USERS }, () => signUpAndSignIn(t.app)));
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('completes every order once, with balances and ledgers that add up', async () => {
    const requests = users.flatMap((user, u) =>
      SIZES.map((resultCount, i) => ({
        user,
        payload: {
          title: `u${u} #${i}`,
          search_type: SEARCH_TYPES[(u + i) % 3] as SearchType,
          format_type: FORMATS[(2 * u + i) % 3] as FormatType,
          result_count: resultCount,
          filters: FILTERS,
        },
      })),
    );
    const responses = await Promise.all(
      requests.map(({ user, payload }) =>
        t.app.inject({ method: 'POST', url: '/api/search-queries/create/', headers: user.headers, payload }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const ids = responses.map((r) => (r.json() as Order).id);

    const commits = { w1: 0, w2: 0 };
    const counting = (worker: keyof typeof commits): FileStorage => ({
      ...t.deps.storage,
      commit: (tempPath, key) => {
        commits[worker] += 1;
        return t.deps.storage.commit(tempPath, key);
      },
    });
    const workers = [
      startOrderWorker({ ...t.deps, storage: counting('w1') }, 'w1'),
      // PostgreSQL: a second pool, so the claims really race. SQLite: better-sqlite3 waits for a lock synchronously,
      // which in one process would block the connection holding it; two SQLite processes race in worker-kill.test.
      startOrderWorker({ ...t.deps, db: second?.db ?? t.deps.db, storage: counting('w2') }, 'w2'),
    ];
    try {
      await waitFor(
        async () => {
          const open = await t.deps.db
            .selectFrom('orders')
            .select('id')
            .where('status', '!=', 'completed')
            .execute();
          return open.length === 0;
        },
        { timeoutMs: 40_000, what: 'every order to complete' },
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(commits.w1 + commits.w2).toBe(50);
    expect(commits.w1).toBeGreaterThan(0);
    expect(commits.w2).toBeGreaterThan(0);

    const rows = await t.deps.db.selectFrom('orders').selectAll().execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'completed', attempts: 1, lease_owner: null, error: null });
      expect(row.credits_charged).toBe(row.records_delivered);
      expect(row.records_delivered).toBeGreaterThan(0);
      expect(row.records_delivered).toBeLessThanOrEqual(row.result_count);
      expect(row.file_key).toBe(`${row.id}-1.${row.format_type}`);
    }
    expect(rows.some((r) => r.records_delivered! < r.result_count)).toBe(true);
    const storage = listStorage(t.deps.config.storage.dir);
    expect(storage.temps).toEqual([]);
    expect(storage.files).toEqual(rows.map((r) => r.file_key!).sort());

    for (const user of users) {
      const own = rows.filter((r) => r.user_id === user.user.id);
      expect(own).toHaveLength(SIZES.length);
      const delivered = own.reduce((sum, r) => sum + r.records_delivered!, 0);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: user.headers });
      expect(me.json().user.credits).toBe(1000 - delivered);

      const entries = await t.deps.db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', user.user.id)
        .execute();
      const lots = await t.deps.db
        .selectFrom('credit_lots')
        .selectAll()
        .where('user_id', '=', user.user.id)
        .execute();
      const ledgerSum = entries.reduce((sum, e) => sum + e.delta, 0);
      expect(ledgerSum).toBe(lots.reduce((sum, l) => sum + l.credits_left, 0));
      expect(ledgerSum).toBe(1000 - delivered);
      const refunded = own.filter((r) => r.records_delivered! < r.result_count).length;
      expect(entries.filter((e) => e.kind === 'grant')).toHaveLength(1);
      expect(entries.filter((e) => e.kind === 'reserve')).toHaveLength(SIZES.length);
      expect(entries.filter((e) => e.kind === 'release')).toHaveLength(refunded);
      expect(entries).toHaveLength(1 + SIZES.length + refunded);
      for (const row of own) {
        const ledger = await reservationLedger(t.deps.db, user.user.id, row.reservation_id);
        expect(ledger).toMatchObject({
          reserveEntries: 1,
          reserved: row.result_count,
          released: row.result_count - row.records_delivered!,
        });
        expect(ledger.reservation).toMatchObject({ status: 'settled', creditsUsed: row.records_delivered });
      }
    }
  });
});
