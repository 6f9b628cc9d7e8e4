import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;
const python = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
};

describe(`POST /api/corpus/aggregate/ and the dry run's aggregations (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let alice: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signUpAndSignIn(t.app);
    // Python posts: 3 in 2022-11 (two in r/learnpython by ann), 1 in 2023-01; one rust post.
    const posts = [
      makePost({
        id: 'a1',
        title: 'python one',
        subreddit: 'learnpython',
        author: 'ann',
        created_utc: utc('2022-11-03T10:00:00Z'),
      }),
      makePost({
        id: 'a2',
        title: 'python two',
        subreddit: 'learnpython',
        author: 'ann',
        created_utc: utc('2022-11-20T10:00:00Z'),
      }),
      makePost({
        id: 'a3',
        title: 'python three',
        subreddit: 'Python',
        author: 'bob',
        created_utc: utc('2022-11-30T23:59:59Z'),
      }),
      makePost({
        id: 'a4',
        title: 'python four',
        subreddit: 'Python',
        author: 'ann',
        created_utc: utc('2023-01-01T00:00:00Z'),
      }),
      makePost({
        id: 'a5',
        title: 'rust only',
        subreddit: 'rust',
        author: 'cy',
        created_utc: utc('2022-11-05T00:00:00Z'),
      }),
    ];
    const comments = [
      makeComment({
        id: 'k1',
        body: 'python reply',
        link_id: 't3_a1',
        parent_id: 't3_a1',
        author: 'bob',
        subreddit: 'learnpython',
        created_utc: utc('2022-12-01T00:00:00Z'),
      }),
      makeComment({
        id: 'k2',
        body: 'more python',
        link_id: 't3_a1',
        parent_id: 't3_a1',
        author: 'cy',
        subreddit: 'learnpython',
        created_utc: utc('2022-12-02T00:00:00Z'),
      }),
      makeComment({
        id: 'k3',
        body: 'python elsewhere',
        link_id: 't3_zz',
        parent_id: 't3_zz',
        author: 'bob',
        subreddit: 'Python',
        created_utc: utc('2022-12-09T00:00:00Z'),
      }),
    ];
    await insertCorpus(t.deps.db, { posts, comments });
  });
  afterAll(() => t.close());

  const aggregate = (payload: object, headers: Record<string, string> = alice.headers) =>
    t.app.inject({ method: 'POST', url: '/api/corpus/aggregate/', headers, payload });

  it('counts matches per month and type and ranks communities, authors, domains and threads exactly', async () => {
    const res = await aggregate({
      result_count: 10,
      search_type: 'both',
      filters: python,
      interval: 'month',
      top: ['subreddit', 'author', 'domain', 'thread'],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ matches: 7, matches_is_estimate: false, interval: 'month' });
    expect(body.histogram).toEqual({
      is_estimate: false,
      posts: [
        { start: '2022-11-01', count: 3, low: 3, high: 3 },
        { start: '2023-01-01', count: 1, low: 1, high: 1 },
      ],
      comments: [{ start: '2022-12-01', count: 3, low: 3, high: 3 }],
    });
    expect(body.top.is_estimate).toBe(false);
    expect(body.top.subreddit.map((e: { name: string; count: number }) => [e.name, e.count])).toEqual([
      ['learnpython', 4],
      ['Python', 3],
    ]);
    expect(body.top.author.map((e: { name: string; count: number }) => [e.name, e.count])).toEqual([
      ['ann', 3],
      ['bob', 3],
      ['cy', 1],
    ]);
    expect(body.top.domain).toEqual([{ name: 'example.com', count: 4, low: 4, high: 4 }]);
    expect(body.top.thread).toEqual([
      { name: 't3_a1', title: 'python one', count: 2, low: 2, high: 2 },
      { name: 't3_zz', count: 1, low: 1, high: 1 },
    ]);
    expect(body.sampled_matches).toBeUndefined();
  });

  it('bins by day, ISO week (from Monday) and year, and cuts the top lists at top_limit', async () => {
    const weeks = await aggregate({
      result_count: 1,
      filters: python,
      interval: 'week',
      top: ['author'],
      top_limit: 1,
    });
    // 2022-11-03 (Thu) → Mon 10-31; 11-20 (Sun) → Mon 11-14; 11-30 (Wed) → Mon 11-28; 2023-01-01 (Sun) → Mon 12-26.
    expect(weeks.json().histogram.posts.map((b: { start: string }) => b.start)).toEqual([
      '2022-10-31',
      '2022-11-14',
      '2022-11-28',
      '2022-12-26',
    ]);
    expect(weeks.json().top.author).toEqual([{ name: 'ann', count: 3, low: 3, high: 3 }]);
    const years = await aggregate({ result_count: 1, filters: python, interval: 'year', top: [] });
    expect(years.json().histogram.posts).toEqual([
      { start: '2022-01-01', count: 3, low: 3, high: 3 },
      { start: '2023-01-01', count: 1, low: 1, high: 1 },
    ]);
    expect(years.json().top).toEqual({ is_estimate: false });
    const days = await aggregate({ result_count: 1, filters: python, interval: 'day', top: [] });
    expect(days.json().histogram.posts[2]).toEqual({ start: '2022-11-30', count: 1, low: 1, high: 1 });
  });

  it('refuses what a dry run refuses, and an unknown interval or top field, by field', async () => {
    const empty = await aggregate({ result_count: 1, filters: { combinator: 'and', rules: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ filters: ['Please add at least one filter.'] });
    const bad = await aggregate({
      result_count: 1,
      filters: python,
      interval: 'hour',
      top: ['karma'],
      top_limit: 500,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['interval', 'top', 'top_limit']);
    expect(bad.json().interval).toEqual(['Choose day, week, month or year.']);
  });

  it('requires sign-in', async () => {
    const res = await aggregate({ result_count: 1, filters: python }, {});
    expect(res.statusCode).toBe(401);
  });

  it("adds the aggregations to the dry run's answer only when the body asks for them", async () => {
    const preview = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/search-queries/preview/', headers: alice.headers, payload });
    const plain = await preview({ result_count: 2, filters: python });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).not.toHaveProperty('aggregations');
    expect(plain.json()).toMatchObject({ matches: 4, matches_is_estimate: false });
    const asked = await preview({
      result_count: 2,
      filters: python,
      aggregations: { interval: 'year', top: ['subreddit'] },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ matches: 4, credits_needed: 2 });
    expect(asked.json().sample).toHaveLength(4);
    expect(asked.json().aggregations).toMatchObject({
      interval: 'year',
      histogram: { is_estimate: false, comments: [] },
      // A tie goes by name, in code-unit order (capitals first).
      top: {
        subreddit: [
          { name: 'Python', count: 2 },
          { name: 'learnpython', count: 2 },
        ],
      },
    });
  });
});
