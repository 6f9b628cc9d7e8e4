import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../db/database.ts';
import { eraseCorpusRecords } from '../db/repositories/privacy/corpus-erasure.repository.ts';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../test/corpus-factories.ts';
import { fulfilAll } from '../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe(`the manifest's histogram of what was delivered (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let alice: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signUpAndSignIn(t.app);
    const posts = [
      makePost({ id: 'p1', title: 'python a', created_utc: utc('2022-11-30T23:59:59Z') }),
      makePost({ id: 'p2', title: 'python b', created_utc: utc('2022-12-01T00:00:00Z') }),
      makePost({ id: 'p3', title: 'python c', created_utc: utc('2022-12-31T12:00:00Z') }),
      makePost({ id: 'p4', title: 'rust d', created_utc: utc('2023-01-05T00:00:00Z') }),
    ];
    const comments = [
      makeComment({ id: 'c1', body: 'python x', author: 'zed', created_utc: utc('2023-02-01T00:00:00Z') }),
      makeComment({ id: 'c2', body: 'rust y', created_utc: utc('2023-02-02T00:00:00Z') }),
    ];
    await insertCorpus(t.deps.db, { posts, comments });
  });
  afterAll(() => t.close());

  it('counts the delivered records per month and type, and no longer counts those erased on request', async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: alice.headers,
      payload: {
        result_count: 10,
        search_type: 'both',
        filters: {
          combinator: 'and',
          rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
        },
      },
    });
    expect(placed.statusCode).toBe(201);
    await fulfilAll(t.deps);
    const manifest = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/search-queries/${placed.json().id}/manifest/`,
          headers: alice.headers,
        })
      ).json();
    const body = await manifest();
    expect(body.delivered_count).toBe(4);
    expect(body.delivered_histogram).toEqual({
      interval: 'month',
      posts: [
        { start: '2022-11-01', count: 1 },
        { start: '2022-12-01', count: 2 },
      ],
      comments: [{ start: '2023-02-01', count: 1 }],
    });
    await withTransaction(t.deps.db, (trx) =>
      eraseCorpusRecords(trx, { authorKeys: ['zed'], postIds: [], commentIds: [] }),
    );
    expect((await manifest()).delivered_histogram.comments).toEqual([]);
  });
});
