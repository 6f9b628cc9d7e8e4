import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../db/database.ts';
import { up as createCorpusMonths } from '../db/migrations/20261201020000_create-corpus-months.ts';
import { upsertComments, upsertPosts } from '../db/repositories/corpus/ingest/corpus-ingest.repository.ts';
import { eraseCorpusRecords } from '../db/repositories/privacy/corpus-erasure.repository.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeComment, makePost } from '../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;
const RETRIEVED = utc('2024-01-02T03:04:05Z');

/** `n` comments of one month by `author` in `subreddit`, ids from `prefix`. */
const commentsOf = (prefix: string, n: number, iso: string, subreddit = 'AskScience', author = 'ann') =>
  Array.from({ length: n }, (_, i) =>
    makeComment({
      id: `${prefix}${i}`,
      created_utc: utc(iso) + i,
      subreddit,
      author,
      retrieved_at: RETRIEVED,
    }),
  );

describe(`GET /api/corpus/coverage/ (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const coverage = async () => (await t.app.inject({ method: 'GET', url: '/api/corpus/coverage/' })).json();

  beforeAll(async () => {
    t = await buildTestApp();
    // May and July hold 200 comments each, June 76 (38 %): the dumps of June are short.
    await upsertComments(t.deps.db, [
      ...commentsOf('m', 200, '2023-05-03T00:00:00Z'),
      ...commentsOf('j', 76, '2023-06-10T00:00:00Z', 'science', 'bob'),
      ...commentsOf('l', 200, '2023-07-01T00:00:00Z'),
    ]);
    await upsertPosts(t.deps.db, [
      makePost({
        id: 'p1',
        created_utc: utc('2023-06-30T23:59:59Z'),
        subreddit: 'science',
        retrieved_at: RETRIEVED,
      }),
      makePost({
        id: 'p2',
        created_utc: utc('2023-07-01T00:00:00Z'),
        subreddit: 'science',
        retrieved_at: RETRIEVED,
      }),
    ]);
  });
  afterAll(() => t.close());

  it('serves records per month and type, the largest communities, the newest retrieval and the gaps, without sign-in', async () => {
    const body = await coverage();
    expect(body.months).toEqual([
      { month: '2023-05', posts: 0, comments: 200 },
      { month: '2023-06', posts: 1, comments: 76 },
      { month: '2023-07', posts: 1, comments: 200 },
    ]);
    expect(body.communities).toEqual([
      { name: 'AskScience', records: 400 },
      { name: 'science', records: 78 },
    ]);
    expect(body.records).toEqual({ posts: 2, comments: 476 });
    expect(body.latest_retrieved_at).toBe('2024-01-02T03:04:05.000Z');
    expect(body.sample).toBe('none');
    expect(body.gap_share).toBe(0.5);
    expect(body.gaps).toEqual([
      {
        month: '2023-06',
        type: 'comments',
        records: 76,
        neighbours: 200,
        percent: 38,
        message:
          "2023-06: 38 % of the neighbouring months' comments — the dumps of that month are incomplete.",
      },
    ]);
  });

  it('keeps the counts through a newer retrieval of the same records, and through an erasure', async () => {
    const newer = RETRIEVED + 3_600;
    await upsertComments(
      t.deps.db,
      commentsOf('j', 76, '2023-06-10T00:00:00Z', 'science', 'bob').map((c) => ({
        ...c,
        retrieved_at: newer,
      })),
    );
    let body = await coverage();
    expect(body.months[1]).toEqual({ month: '2023-06', posts: 1, comments: 76 });
    expect(body.latest_retrieved_at).toBe(new Date(newer * 1000).toISOString());
    await withTransaction(t.deps.db, (trx) =>
      eraseCorpusRecords(trx, { authorKeys: ['bob'], postIds: ['p2'], commentIds: [] }),
    );
    body = await coverage();
    expect(body.months).toEqual([
      { month: '2023-05', posts: 0, comments: 200 },
      { month: '2023-06', posts: 1, comments: 0 },
      { month: '2023-07', posts: 0, comments: 200 },
    ]);
    expect(body.gaps.map((gap: { message: string }) => gap.message)).toEqual([
      "2023-06: 0 % of the neighbouring months' comments — the dumps of that month are incomplete.",
    ]);
  });

  it('labels sample data, and its migration counts the rows stored before it', async () => {
    await upsertPosts(t.deps.db, [
      makePost({ id: 's1', created_utc: utc('2023-05-05T00:00:00Z'), is_sample: 1, retrieved_at: RETRIEVED }),
    ]);
    const before = await coverage();
    expect(before.sample).toBe('mixed');
    await t.deps.db.schema.dropTable('corpus_months').execute();
    await createCorpusMonths(t.deps.db);
    const after = await coverage();
    expect(after.months).toEqual(before.months);
    expect(after.months[0]).toEqual({ month: '2023-05', posts: 1, comments: 200 });
  });
});
