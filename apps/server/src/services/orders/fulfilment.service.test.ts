import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../test/corpus-factories.ts';
import { listStorage, reservationLedger } from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { findOrderById } from '../../db/repositories/orders/orders.repository.ts';
import type { Deps } from '../../deps.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { claimOrder, fulfilOrder } from './fulfilment.service.ts';
import { getBalance } from '../payments/ledger.service.ts';

const LEASE_MS = 60_000;
const RETRY_BASE_MS = 1_000;
const MATCHES = 8;
const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };

describe(`fulfilment: retries, leases and exactly-once completion (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let storageDir: string;
  let buyers: TestSession[];

  beforeAll(async () => {
    t = await buildTestApp({
      WORKER_MAX_ATTEMPTS: '3',
      WORKER_RETRY_BASE_MS: String(RETRY_BASE_MS),
      WORKER_LEASE_MS: String(LEASE_MS),
    });
    storageDir = t.deps.config.storage.dir;
    const posts = Array.from({ length: MATCHES }, (_, i) =>
      makePost({ id: `f${i}`, title: `python ${i}`, score: i }),
    );
    await insertCorpus(t.deps.db, { posts: [...posts, makePost({ id: 'other', title: 'rust' })] });
    // A fresh buyer per test, so each test's balance starts at 1,000 (signed up together: hashing is slow).
    buyers = await Promise.all(Array.from({ length: 6 }, () => signUpAndSignIn(t.app)));
  });
  afterAll(() => t.close());

  async function place(session: TestSession, resultCount = 20) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: session.headers,
      payload: { result_count: resultCount, format_type: 'json', filters: FILTERS },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (await findOrderById(t.deps.db, res.json().id))!;
  }
  const row = async (id: string) => (await findOrderById(t.deps.db, id))!;
  const balanceOf = (session: TestSession) => getBalance(t.deps.db, session.user.id, t.clock.now());
  const claim = async (workerId: string, deps: Deps = t.deps) => {
    const order = await claimOrder(deps, workerId);
    if (!order) throw new Error(`${workerId} found nothing to claim`);
    return order;
  };

  it('retries a failing order with growing backoff, then fails it readably and returns every credit', async () => {
    const buyer = buyers.pop()!;
    const order = await place(buyer);
    // A stored tree the engine refuses: every attempt throws inside the query.
    await t.deps.db
      .updateTable('orders')
      .set({
        filters: JSON.stringify({
          combinator: 'and',
          not: false,
          rules: [{ field: 'bogus', operator: '=', value: 1 }],
        }),
      })
      .where('id', '=', order.id)
      .execute();

    await fulfilOrder(t.deps, await claim('w1'), 'w1');
    expect(await row(order.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'Attempt 1 of 3 failed; retrying shortly.',
    });
    expect(await claimOrder(t.deps, 'w1')).toBeUndefined();
    t.clock.advance(RETRY_BASE_MS - 1);
    expect(await claimOrder(t.deps, 'w1')).toBeUndefined();
    t.clock.advance(1);

    await fulfilOrder(t.deps, await claim('w2'), 'w2');
    expect(await row(order.id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      error: 'Attempt 2 of 3 failed; retrying shortly.',
    });
    t.clock.advance(RETRY_BASE_MS * 4 - 1);
    expect(await claimOrder(t.deps, 'w1')).toBeUndefined();
    t.clock.advance(1);

    await fulfilOrder(t.deps, await claim('w3'), 'w3');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search-queries/${order.id}/`,
      headers: buyer.headers,
    });
    expect(res.json()).toMatchObject({
      status: 'failed',
      error: 'The order could not be fulfilled after 3 attempts. No credits were charged.',
      credits_charged: 0,
      records_delivered: 0,
      there_is_file: false,
    });
    t.clock.advance(RETRY_BASE_MS * 100);
    expect(await claimOrder(t.deps, 'w1')).toBeUndefined();

    const ledger = await reservationLedger(t.deps.db, buyer.user.id, order.reservation_id);
    expect(ledger).toMatchObject({ reserved: 20, released: 20, releaseEntries: 1 });
    expect(ledger.reservation).toMatchObject({ status: 'released', creditsUsed: 0 });
    expect(await balanceOf(buyer)).toBe(1000);
    expect(listStorage(storageDir)).toEqual({ files: [], temps: [] });
  });

  it('retries after a storage failure and the retry delivers exactly one file', async () => {
    const buyer = buyers.pop()!;
    const order = await place(buyer);
    const broken: FileStorage = {
      ...t.deps.storage,
      commit: async () => {
        throw new Error('ENOSPC: no space left on device');
      },
    };
    await fulfilOrder({ ...t.deps, storage: broken }, await claim('w1'), 'w1');
    expect(await row(order.id)).toMatchObject({ status: 'pending', attempts: 1, file_key: null });
    expect(listStorage(storageDir)).toEqual({ files: [], temps: [] });

    t.clock.advance(RETRY_BASE_MS);
    await fulfilOrder(t.deps, await claim('w2'), 'w2');
    expect(await row(order.id)).toMatchObject({
      status: 'completed',
      attempts: 2,
      records_delivered: MATCHES,
      file_key: `${order.id}-2.json`,
      error: null,
    });
    expect(listStorage(storageDir)).toEqual({ files: [`${order.id}-2.json`], temps: [] });
    expect(await balanceOf(buyer)).toBe(1000 - MATCHES);
    await t.deps.storage.delete(`${order.id}-2.json`);
  });

  it('lets another worker take an order whose lease ran out, and refuses the first worker’s late completion', async () => {
    const buyer = buyers.pop()!;
    const order = await place(buyer);
    const first = await claim('slow');
    expect(await claimOrder(t.deps, 'fast')).toBeUndefined();
    let isTakenOver = false;
    // The slow worker's file is in place when its lease runs out and the fast worker fulfils the order.
    const slowStorage: FileStorage = {
      ...t.deps.storage,
      commit: async (tempPath, key) => {
        const committed = await t.deps.storage.commit(tempPath, key);
        t.clock.advance(LEASE_MS + 1);
        const taken = await claim('fast');
        expect(taken).toMatchObject({ id: order.id, attempts: 2 });
        await fulfilOrder(t.deps, taken, 'fast');
        isTakenOver = true;
        return committed;
      },
    };
    await fulfilOrder({ ...t.deps, storage: slowStorage }, first, 'slow');
    expect(isTakenOver).toBe(true);

    expect(await row(order.id)).toMatchObject({
      status: 'completed',
      attempts: 2,
      records_delivered: MATCHES,
      file_key: `${order.id}-2.json`,
      lease_owner: null,
    });
    expect(listStorage(storageDir)).toEqual({ files: [`${order.id}-2.json`], temps: [] });
    const ledger = await reservationLedger(t.deps.db, buyer.user.id, order.reservation_id);
    expect(ledger).toMatchObject({
      reserved: 20,
      released: 20 - MATCHES,
      reserveEntries: 1,
      releaseEntries: 1,
    });
    expect(ledger.reservation).toMatchObject({ status: 'settled', creditsUsed: MATCHES });
    expect(await balanceOf(buyer)).toBe(1000 - MATCHES);
    await t.deps.storage.delete(`${order.id}-2.json`);
  });

  it('stops a worker that lost its lease before writing anything more', async () => {
    const buyer = buyers.pop()!;
    const order = await place(buyer);
    const stale = await claim('stale');
    t.clock.advance(LEASE_MS + 1);
    await fulfilOrder(t.deps, await claim('fresh'), 'fresh');
    await fulfilOrder(t.deps, stale, 'stale');
    expect(await row(order.id)).toMatchObject({
      status: 'completed',
      file_key: `${order.id}-2.json`,
      progress: 100,
    });
    expect(listStorage(storageDir)).toEqual({ files: [`${order.id}-2.json`], temps: [] });
    expect(await balanceOf(buyer)).toBe(1000 - MATCHES);
    await t.deps.storage.delete(`${order.id}-2.json`);
  });

  it('never lets a worker that lost its lease delete the new owner’s file in progress', async () => {
    const buyer = buyers.pop()!;
    const order = await place(buyer);
    const stale = await claim('stale');
    let resolveStaleDone: () => void = () => undefined;
    const staleDone = new Promise<void>((resolve) => (resolveStaleDone = resolve));
    let freshRun: Promise<void> | undefined;
    // The new owner has written its temp file and waits to commit it while the stale worker finds out and stops.
    const freshStorage: FileStorage = {
      ...t.deps.storage,
      commit: async (tempPath, key) => {
        expect(listStorage(storageDir).temps).toHaveLength(1);
        reachedCommit();
        await staleDone;
        return t.deps.storage.commit(tempPath, key);
      },
    };
    let reachedCommit: () => void = () => undefined;
    const freshAtCommit = new Promise<void>((resolve) => (reachedCommit = resolve));
    const staleStorage: FileStorage = {
      ...t.deps.storage,
      tempPath: async (prefix) => {
        t.clock.advance(LEASE_MS + 1);
        const fresh = await claim('fresh');
        freshRun = fulfilOrder({ ...t.deps, storage: freshStorage }, fresh, 'fresh');
        await freshAtCommit;
        return t.deps.storage.tempPath(prefix);
      },
    };
    await fulfilOrder({ ...t.deps, storage: staleStorage }, stale, 'stale');
    resolveStaleDone();
    await freshRun;
    expect(await row(order.id)).toMatchObject({
      status: 'completed',
      attempts: 2,
      file_key: `${order.id}-2.json`,
    });
    expect(listStorage(storageDir)).toEqual({ files: [`${order.id}-2.json`], temps: [] });
    expect(await balanceOf(buyer)).toBe(1000 - MATCHES);
    await t.deps.storage.delete(`${order.id}-2.json`);
  });

  it('fails an order whose workers keep dying once the attempts are used up, returning the credits', async () => {
    const buyer = buyers.pop()!;
    const order = await place(buyer, 5);
    for (const worker of ['dies-1', 'dies-2', 'dies-3']) {
      await claim(worker);
      t.clock.advance(LEASE_MS + 1);
    }
    const last = await claim('survivor');
    expect(last.attempts).toBe(4);
    await fulfilOrder(t.deps, last, 'survivor');
    expect(await row(order.id)).toMatchObject({
      status: 'failed',
      error: 'The order could not be fulfilled after 3 attempts. No credits were charged.',
      file_key: null,
    });
    expect(await balanceOf(buyer)).toBe(1000);
    expect(listStorage(storageDir)).toEqual({ files: [], temps: [] });
  });
});
