import { spawnSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatType, PreviewResponse } from '@threadcart/contracts';
import { signUpAndSignIn, type TestSession } from '../../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { insertCorpus } from '../../../../test/corpus-factories.ts';
import {
  downloadOrderFile,
  fulfilAll,
  makeOrdersCorpus,
  reservationLedger,
  waitFor,
} from '../../../../test/order-helpers.ts';
import { readParquet } from '../../../../test/parquet-reader.ts';
import { TEST_DIALECT } from '../../../../test/test-database.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { countDeliveredRecords } from '../../../db/repositories/orders/delivered-records.repository.ts';
import { findOrderById } from '../../../db/repositories/orders/orders.repository.ts';
import { isZstdAvailable } from '../../../exports/compression.ts';
import { writeOrderFile } from '../../../exports/index.ts';
import { searchCorpus } from '../../corpus/search/corpus-search.service.ts';
import { getBalance, grantCredits } from '../../payments/ledger.service.ts';
import { claimOrder, fulfilOrder } from '../fulfilment.service.ts';
import { parseCheckpoint } from './large-checkpoint.ts';

const PART_RECORDS = 100;
const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };
const COUNT = 1_500;

describe(`large orders: keyset walk, parts, compression, resume (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;

  beforeAll(async () => {
    t = await buildTestApp({
      LARGE_ORDER_PART_RECORDS: String(PART_RECORDS),
      WORKER_LEASE_MS: '60000',
      MAX_ORDER_RECORDS: '5000',
    });
    await insertCorpus(t.deps.db, makeOrdersCorpus({ posts: 1_400, comments: 1_600, prefix: 'L' }));
    buyer = await signUpAndSignIn(t.app);
    const now = t.clock.now();
    await grantCredits(t.deps.db, {
      userId: buyer.user.id,
      credits: 100_000,
      source: 'admin',
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
      now,
    });
  });
  afterAll(() => t.close());

  const place = async (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: { filters: FILTERS, search_type: 'both', ...payload },
    });
  const placeLarge = async (format: FormatType, extra: Record<string, unknown> = {}) => {
    const res = await place({ size: 'large', result_count: COUNT, format_type: format, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  /** The file writeOrderFile makes of the reference search's answer: what a large order's file must decompress to. */
  const referenceFile = async (format: FormatType, sort: 'top' | 'new' = 'top') => {
    const result = await searchCorpus(t.deps.db, {
      filters: parseFilterTreeWithRe2(FILTERS),
      searchType: 'both',
      resultCount: COUNT,
      sort,
    });
    const filePath = await t.deps.storage.tempPath('reference');
    await writeOrderFile({ format, searchType: 'both', ...result, filePath, title: 'reference' });
    const bytes = await readFile(filePath);
    return { bytes, records: result.posts.length + result.comments.length, result };
  };

  it('keeps the standard order at 1 to 1,000 and refuses a large one past MAX_ORDER_RECORDS', async () => {
    const standard = await place({ result_count: 1_001 });
    expect(standard.statusCode).toBe(400);
    expect(standard.json()).toEqual({
      result_count: ['Ensure this value is a whole number from 1 to 1000.'],
    });
    const large = await place({ size: 'large', result_count: 5_001 });
    expect(large.json()).toEqual({
      result_count: ['Ensure this value is a whole number from 1 to 5,000 for a large order.'],
    });
    const compressedStandard = await place({ result_count: 5, compression: 'gzip' });
    expect(compressedStandard.statusCode).toBe(400);
    expect(Object.keys(compressedStandard.json())).toEqual(['compression']);
  });

  it.each(['json', 'ndjson', 'csv'] as const)(
    'writes a %s order in gzip parts whose joined file decompresses to the reference file; credits settle once',
    async (format) => {
      const before = await getBalance(t.deps.db, buyer.user.id, t.clock.now());
      const { id } = await placeLarge(format);
      await fulfilAll(t.deps);
      const order = (await findOrderById(t.deps.db, id))!;
      const reference = await referenceFile(format);
      expect(reference.records).toBeGreaterThan(3 * PART_RECORDS);
      expect(order).toMatchObject({ status: 'completed', records_delivered: reference.records });
      expect(order.records_written).toBe(reference.records);
      expect(order.file_name).toMatch(new RegExp(`\\.${format}\\.gz$`));
      const file = await downloadOrderFile(t.app, buyer.headers, id);
      expect(file.headers['content-type']).toBe('application/gzip');
      expect(gunzipSync(file.body).equals(reference.bytes)).toBe(true);
      // Credits: COUNT reserved, what was delivered charged, the rest back, once.
      const after = await getBalance(t.deps.db, buyer.user.id, t.clock.now());
      expect(before - after).toBe(reference.records);
      const ledger = await reservationLedger(t.deps.db, buyer.user.id, order.reservation_id);
      expect(ledger.reserved - ledger.released).toBe(reference.records);
      expect(ledger.reserved).toBe(COUNT);
      expect(ledger.releaseEntries).toBeLessThanOrEqual(1);
      expect(ledger.reservation?.status).not.toBe('held');
      expect(await countDeliveredRecords(t.deps.db, id)).toBe(reference.records);
      await expect(stat(path.join(t.deps.config.storage.dir, '.parts', id))).rejects.toThrow();
    },
  );

  it('dry-runs a large order: records, credits, expected file sizes and time, beside the usual answer', async () => {
    const preview = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search-queries/preview/',
        headers: buyer.headers,
        payload: { filters: FILTERS, search_type: 'both', ...payload },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PreviewResponse>();
    };
    expect((await preview({ result_count: 10 })).large).toBeUndefined();
    const answer = await preview({ size: 'large', result_count: COUNT, format_type: 'csv' });
    const { large } = answer;
    expect(answer.credits_needed).toBeGreaterThan(0);
    expect(large).toMatchObject({ records: Math.min(COUNT, answer.matches), credits: COUNT });
    expect(large!.files.map((file) => [file.format_type, file.compression])).toEqual([
      ['json', 'gzip'],
      ['ndjson', 'gzip'],
      ['csv', 'gzip'],
      ['parquet', 'none'],
    ]);
    expect(large!.seconds).toBeGreaterThanOrEqual(1);
    // The CSV's expected size against the file such an order delivers: the same order of magnitude.
    const { id } = await placeLarge('csv');
    await fulfilAll(t.deps);
    const actual = Number((await findOrderById(t.deps.db, id))!.file_size);
    const expected = large!.files.find((file) => file.format_type === 'csv')!.bytes;
    expect(expected / actual).toBeGreaterThan(0.5);
    expect(expected / actual).toBeLessThan(4);
  });

  it.skipIf(!isZstdAvailable())(
    'compresses with zstd when asked: frames that join into one file',
    async () => {
      const { id } = await placeLarge('csv', { compression: 'zstd' });
      await fulfilAll(t.deps);
      const order = (await findOrderById(t.deps.db, id))!;
      expect(order.file_name).toMatch(/\.csv\.zst$/);
      const file = await downloadOrderFile(t.app, buyer.headers, id);
      expect(file.headers['content-type']).toBe('application/zstd');
      const unpacked = spawnSync('zstd', ['-d', '-c'], { input: file.body, maxBuffer: 1 << 28 });
      expect(unpacked.stdout.equals((await referenceFile('csv')).bytes)).toBe(true);
    },
  );

  it('writes a Parquet order in one pass with exactly the reference records in order', async () => {
    const { id } = await placeLarge('parquet', { sort: 'new' });
    await fulfilAll(t.deps);
    const order = (await findOrderById(t.deps.db, id))!;
    const { result } = await referenceFile('json', 'new');
    const ids = [...result.posts, ...result.comments].map((record) => record.id);
    expect(order).toMatchObject({ status: 'completed', compression: null, records_delivered: ids.length });
    const file = await downloadOrderFile(t.app, buyer.headers, id);
    const { rows } = await readParquet(file.body);
    expect(rows.map((row) => row.id)).toEqual(ids);
  });

  it('resumes an interrupted order after its last part; the file is the uninterrupted one', async () => {
    const whole = await placeLarge('ndjson');
    await fulfilAll(t.deps);
    const wholeRow = (await findOrderById(t.deps.db, whole.id))!;

    const cut = await placeLarge('ndjson');
    const slow = {
      ...t.deps,
      config: { ...t.deps.config, worker: { ...t.deps.config.worker, recordDelayMs: 2 } },
    };
    const first = (await claimOrder(slow, 'w1', 'large'))!;
    const running = fulfilOrder(slow, first, 'w1');
    // Two parts in, the worker "dies": its lease is taken (a restart's new worker finds it expired).
    const checkpoint = await waitFor(async () => {
      const row = await findOrderById(t.deps.db, cut.id);
      const saved = row?.large_checkpoint ? parseCheckpoint(row.large_checkpoint) : undefined;
      return saved && saved.parts >= 2 ? saved : undefined;
    });
    await t.deps.db.updateTable('orders').set({ lease_owner: 'gone' }).where('id', '=', cut.id).execute();
    await running;
    const stopped = (await findOrderById(t.deps.db, cut.id))!;
    expect(stopped.status).toBe('processing');
    const kept = parseCheckpoint(stopped.large_checkpoint!);
    expect(kept.parts).toBeGreaterThanOrEqual(checkpoint.parts);
    expect(kept.written).toBe(kept.parts * PART_RECORDS);
    expect(await countDeliveredRecords(t.deps.db, cut.id)).toBe(kept.written);

    let startsFromZero = 0;
    const watched = {
      ...t.deps,
      storage: {
        ...t.deps.storage,
        removeParts: async (orderId: string) => {
          const row = await findOrderById(t.deps.db, orderId);
          if (row?.status !== 'completed') startsFromZero += 1;
          return t.deps.storage.removeParts(orderId);
        },
      },
    };
    await t.deps.db
      .updateTable('orders')
      .set({ lease_expires_at: new Date(0).toISOString() })
      .where('id', '=', cut.id)
      .execute();
    const resumed = (await claimOrder(watched, 'w2', 'large'))!;
    expect(resumed.id).toBe(cut.id);
    await fulfilOrder(watched, resumed, 'w2');
    const done = (await findOrderById(t.deps.db, cut.id))!;
    expect(startsFromZero).toBe(0);
    expect(done).toMatchObject({ status: 'completed', records_delivered: wholeRow.records_delivered });
    expect(done.file_sha256).toBe(wholeRow.file_sha256);
    expect(await countDeliveredRecords(t.deps.db, cut.id)).toBe(wholeRow.records_delivered);
    const ledger = await reservationLedger(t.deps.db, buyer.user.id, done.reservation_id);
    expect(ledger.reserved - ledger.released).toBe(wholeRow.records_delivered);
    expect(ledger.reserved).toBe(COUNT);
    expect(ledger.releaseEntries).toBeLessThanOrEqual(1);
    expect(ledger.reservation?.status).not.toBe('held');
  });
});
