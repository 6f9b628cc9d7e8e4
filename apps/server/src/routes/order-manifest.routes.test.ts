import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatType } from '@threadcart/contracts';
import { insertCorpusIngest } from '../db/repositories/corpus/ingest/corpus-ingests.repository.ts';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../test/corpus-factories.ts';
import { downloadOrderFile, fulfilAll } from '../../test/order-helpers.ts';
import { readParquet } from '../../test/parquet-reader.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';

const pythonPosts = {
  combinator: 'AND',
  rules: [{ type: 'keyword', field: 'keyword', operator: '=', value: 'python' }],
};

describe(`NDJSON and Parquet orders, and the order manifest (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signUpAndSignIn(t.app);
    bob = await signUpAndSignIn(t.app);
    // 8 real posts (5 say python), 2 sample posts; 3 real comments, no sample comments.
    const posts = [
      ...Array.from({ length: 8 }, (_, i) =>
        makePost({
          id: `p${i}`,
          title: i < 5 ? `python ${i} "quoted", ünïcödé` : 'rust',
          score: 10 * i - 7,
          created_utc: 1_650_000_000 + i * 86_400,
          retrieved_at: 1_700_000_000 + i,
        }),
      ),
      ...Array.from({ length: 2 }, (_, i) =>
        makePost({ id: `s${i}`, title: 'sample rust', is_sample: 1, retrieved_at: 1_690_000_000 + i }),
      ),
    ];
    const comments = Array.from({ length: 3 }, (_, i) =>
      makeComment({ id: `c${i}`, body: `python ${i}`, retrieved_at: 1_710_000_000 - i }),
    );
    await insertCorpus(t.deps.db, { posts, comments });
    // The console's ingest history, as two CLI ingests would have left it.
    for (const [i, files] of [['RS_2024-01.zst'], ['RC_2024-01.zst', 'RS_2024-02.zst']].entries())
      await insertCorpusIngest(t.deps.db, {
        id: `ingest-${i}`,
        is_sample: 0,
        files: JSON.stringify(files),
        records_read: 10,
        inserted: 10,
        updated: 0,
        unchanged: 0,
        posts: 5,
        comments: 5,
        skipped: '{}',
        errors: '[]',
        duration_ms: 100,
        started_at: `2026-11-0${i + 1}T10:00:00.000Z`,
        finished_at: `2026-11-0${i + 1}T10:05:00.000Z`,
      });
  });
  afterAll(() => t.close());

  const place = async (session: TestSession, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: session.headers,
      payload: { result_count: 20, filters: pythonPosts, ...payload },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };
  const manifest = (session: TestSession, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/search-queries/${id}/manifest/`, headers: session.headers });

  it('delivers NDJSON and Parquet files with the same records as the JSON file of the same order', async () => {
    const orders: Record<string, string> = {};
    for (const format of ['json', 'ndjson', 'parquet'] as FormatType[])
      orders[format] = (
        await place(alice, { title: `Python ${format}`, format_type: format, sort: 'new' })
      ).id;
    await fulfilAll(t.deps);
    const json = JSON.parse(
      (await downloadOrderFile(t.app, alice.headers, orders.json!)).body.toString('utf8'),
    );
    expect(json).toHaveLength(5);

    const ndjson = await downloadOrderFile(t.app, alice.headers, orders.ndjson!);
    expect(ndjson.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(ndjson.headers['content-disposition']).toContain('Python ndjson.ndjson');
    const lines = ndjson.body
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(json);

    const parquet = await downloadOrderFile(t.app, alice.headers, orders.parquet!);
    expect(parquet.headers['content-type']).toBe('application/vnd.apache.parquet');
    expect(parquet.headers['content-disposition']).toContain('Python parquet.parquet');
    const read = await readParquet(parquet.body);
    expect(read.rows).toEqual(json);
    expect(read.types.score).toEqual({ type: 'INT64' });
    expect(read.types.created_utc).toMatchObject({ logical: 'TIMESTAMP', isUtc: true });
    expect(read.types.title).toEqual({ type: 'BYTE_ARRAY', converted: 'UTF8' });
  });

  it('refuses an unknown format with the message naming every format', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: alice.headers,
      payload: { result_count: 5, filters: pythonPosts, format_type: 'avro' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Choose json, csv, xlsx, ndjson or parquet.');
  });

  it('serves the manifest of a completed order to its owner only, 409 before completion', async () => {
    const order = await place(bob, {
      title: 'Manifest check',
      format_type: 'parquet',
      sort: 'random',
      sample_seed: 42,
      search_type: 'both',
      result_count: 30,
    });
    const early = await manifest(bob, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      detail: 'This order has not completed yet; its manifest is ready when its file is.',
      code: 'order_not_completed',
    });
    await fulfilAll(t.deps);

    expect((await manifest(alice, order.id)).statusCode).toBe(404);
    expect((await manifest(bob, 'no-such-order')).statusCode).toBe(404);

    const res = await manifest(bob, order.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const file = await downloadOrderFile(t.app, bob.headers, order.id);
    expect(body.file).toEqual({
      name: 'Manifest check (seed 42).parquet',
      size_bytes: file.body.length,
      sha256: createHash('sha256').update(file.body).digest('hex'),
      content_type: 'application/vnd.apache.parquet',
      download_url: `/api/download/${order.id}/`,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/search-queries/${order.id}/`,
      headers: bob.headers,
    });
    const shown = listed.json();
    expect(body).toMatchObject({
      manifest_version: 1,
      order_id: order.id,
      title: 'Manifest check',
      filters: shown.filters,
      query_string: shown.query_string,
      search_type: 'both',
      sort: 'random',
      sample_seed: 42,
      columns: null,
      format_type: 'parquet',
      requested_count: 30,
      delivered_count: 8,
      created_at: shown.timestamp,
      threadcart_version: '0.1.0',
    });
    expect(body.query_string).toContain('python');
    expect(Date.parse(body.completed_at)).toBeGreaterThanOrEqual(Date.parse(body.created_at));
    expect(body.corpus_snapshot).toEqual({
      posts: {
        real: { records: 8, latest_retrieved_at: new Date(1_700_000_007_000).toISOString() },
        sample: { records: 2, latest_retrieved_at: new Date(1_690_000_001_000).toISOString() },
      },
      comments: {
        real: { records: 3, latest_retrieved_at: new Date(1_710_000_000_000).toISOString() },
        sample: { records: 0, latest_retrieved_at: null },
      },
      sources: [
        {
          files: ['RC_2024-01.zst', 'RS_2024-02.zst'],
          is_sample: false,
          finished_at: '2026-11-02T10:05:00.000Z',
        },
        { files: ['RS_2024-01.zst'], is_sample: false, finished_at: '2026-11-01T10:05:00.000Z' },
      ],
      suppressed: { records_erased: 0, records: 0, authors: 0 },
    });
    expect(body.citation.text).toContain('Reddit');
    expect(body.citation.text).toContain('Pushshift / Arctic Shift');
    expect(body.citation.text).toContain(order.id);
    expect(body.citation.bibtex).toMatch(/^@misc\{threadcart_\w+,/);
    expect(body.citation.bibtex).toContain(`order ${order.id}`);
    expect(body.citation.bibtex.trimEnd().endsWith('}')).toBe(true);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search-queries/x/manifest/' });
    expect(res.statusCode).toBe(401);
  });
});
