import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app.ts';
import { insertCorpus } from '../../../../../test/corpus-factories.ts';
import { makeOrdersCorpus } from '../../../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../../../test/test-database.ts';
import { parseFilterTreeWithRe2 } from '../../../../corpus/filters/parse-filter-tree.ts';
import { searchCorpus } from '../corpus-search.service.ts';
import { createScanPool, type ScanPool } from './scan-pool.ts';

const FILTERS = {
  combinator: 'and',
  not: false,
  rules: [{ field: 'regex', operator: 'regex_matches', value: '[a-z]{4} ' }],
};

describe(`the scan thread (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let pool: ScanPool;

  beforeAll(async () => {
    t = await buildTestApp();
    await insertCorpus(t.deps.db, makeOrdersCorpus({ posts: 80, comments: 120 }));
    pool = createScanPool(t.deps.config);
  });
  afterAll(async () => {
    await pool.close();
    await t.close();
  });

  it('answers as the search in this thread does, and reports its progress', async () => {
    // More records asked for than match: every chunk of the walk reports its progress (a sample that fills its
    // count within its first chunk stops before any, decision 039).
    const query = { searchType: 'both', resultCount: 1000, sort: 'random', sampleSeed: 7 } as const;
    const progress: number[] = [];
    const inThread = await pool.search(
      { ...query, filters: JSON.stringify(FILTERS) },
      { deadline: Date.now() + 60_000, onProgress: (fraction) => progress.push(fraction) },
    );
    const here = await searchCorpus(t.deps.db, {
      ...query,
      filters: parseFilterTreeWithRe2(FILTERS as never),
    });
    expect(inThread.isComplete).toBe(true);
    expect(inThread.posts.length + inThread.comments.length).toBeGreaterThan(50);
    expect(inThread).toEqual(here);
    expect(progress.length).toBeGreaterThan(0);
  });

  it("stops with the signal's reason when aborted", async () => {
    const stopped = new AbortController();
    const reason = new Error('lease lost');
    const search = pool.search(
      { searchType: 'posts', resultCount: 5, sort: 'random', filters: JSON.stringify(FILTERS) },
      { deadline: Date.now() + 60_000, signal: stopped.signal },
    );
    stopped.abort(reason);
    await expect(search).rejects.toBe(reason);
  });
});
