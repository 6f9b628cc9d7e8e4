import type { FilterTree } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../../../../test/test-database.ts';
import { createDryRunCache } from './dry-run-cache.ts';
import type { PreviewQuery, PreviewSearchResult } from './preview-search.ts';

const tree = (word: string) =>
  ({
    combinator: 'and',
    rules: [{ field: 'keyword', operator: 'keyword_contains', value: word }],
  }) as FilterTree;
const query = (word: string, extra: Partial<PreviewQuery> = {}): PreviewQuery => ({
  filters: tree(word),
  searchType: 'posts',
  resultCount: 10,
  ...extra,
});
const result = (matches: number): PreviewSearchResult => ({
  matches,
  isCapped: false,
  isEstimate: false,
  low: matches,
  high: matches,
  counted: matches,
  sample: [],
});

describe('the dry-run cache', () => {
  it('answers the same query (whatever its record count) until its time is up', () => {
    let now = 0;
    const cache = createDryRunCache({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    cache.set(query('python'), result(7));
    expect(cache.get(query('python', { resultCount: 500 }))?.matches).toBe(7);
    expect(cache.get(query('python', { searchType: 'both' }))).toBeUndefined();
    expect(cache.get(query('pandas'))).toBeUndefined();
    now = 999;
    expect(cache.get(query('python'))?.matches).toBe(7);
    now = 1_000;
    expect(cache.get(query('python'))).toBeUndefined();
  });

  it('drops the least recently used answer past its size, and keeps nothing with a time of 0', () => {
    const cache = createDryRunCache({ ttlMs: 1_000, maxEntries: 2, now: () => 0 });
    cache.set(query('a1'), result(1));
    cache.set(query('a2'), result(2));
    expect(cache.get(query('a1'))?.matches).toBe(1);
    cache.set(query('a3'), result(3));
    expect(cache.get(query('a2'))).toBeUndefined();
    expect(cache.get(query('a1'))?.matches).toBe(1);
    const off = createDryRunCache({ ttlMs: 0, maxEntries: 2, now: () => 0 });
    off.set(query('a1'), result(1));
    expect(off.get(query('a1'))).toBeUndefined();
  });

  it("never keeps a count that moves with the buyer's own deliveries (exclude_purchased)", () => {
    const cache = createDryRunCache({ ttlMs: 1_000, maxEntries: 10, now: () => 0 });
    cache.set(query('python', { excludeBuyerId: 4 }), result(7));
    expect(cache.get(query('python', { excludeBuyerId: 4 }))).toBeUndefined();
  });

  it('never keeps an estimate that ran out of time before it saw a match', () => {
    const cache = createDryRunCache({ ttlMs: 1_000, maxEntries: 10, now: () => 0 });
    const blind = { ...result(0), isEstimate: true, high: 40_000 };
    cache.set(query('python'), blind);
    expect(cache.get(query('python'))).toBeUndefined();
    const seen = { ...result(1_200), isEstimate: true, low: 900, high: 1_500, counted: 3 };
    cache.set(query('python'), seen);
    expect(cache.get(query('python'))?.matches).toBe(1_200);
  });
});

describe(`dry runs answered from the cache over the API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let alice: TestSession;
  beforeAll(async () => {
    t = await buildTestApp({ DRY_RUN_CACHE_MS: '60000' });
    alice = await signUpAndSignIn(t.app);
    await insertCorpus(t.deps.db, {
      posts: [1, 2, 3].map((i) => makePost({ id: `p${i}`, title: `cached word ${i}` })),
    });
  });
  afterAll(() => t.close());

  const preview = async (extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/preview/',
      headers: alice.headers,
      payload: { result_count: 2, filters: tree('cached'), ...extra },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { matches: number; credits_needed: number };
  };

  it('reuses an answer for DRY_RUN_CACHE_MS, then counts the corpus again', async () => {
    expect(await preview()).toMatchObject({ matches: 3, credits_needed: 2 });
    await insertCorpus(t.deps.db, {
      posts: [4, 5].map((i) => makePost({ id: `p${i}`, title: `cached word ${i}` })),
    });
    // Another record count is the same corpus work: answered from the cache, its credits from the new count.
    expect(await preview({ result_count: 10 })).toMatchObject({ matches: 3, credits_needed: 3 });
    t.clock.advance(60_001);
    expect(await preview()).toMatchObject({ matches: 5 });
  });
});
