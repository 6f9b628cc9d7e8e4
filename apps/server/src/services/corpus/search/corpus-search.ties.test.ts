import type { SortOrder } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCorpus, insertCorpus, makePost } from '../../../../test/corpus-factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { compareForSort } from '../../../corpus/reference/evaluate.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { searchCorpus } from './corpus-search.service.ts';

// A scan in result order reads the corpus in chunks (1,000 rows, then 4,000, ...) that end inside long ties of the
// order's key: three scores of 4,000 posts each, four creation times of 3,000, six (comments, score) pairs of 2,000.
// Each chunk resumes inside a tie from its (key, id) position, so the records must come out in the reference order
// across every chunk's end, for every sort (decision 039), and a random sample across the wrap of the key index.
const POSTS = 12_000;
let database: TestDatabase;
const posts = Array.from({ length: POSTS }, (_, i) =>
  makePost({
    // ids out of step with scores and times: 7919 is prime to 12,000, so i → 7919·i mod 12,000 is a permutation
    id: `p${((i * 7919) % POSTS).toString(36).padStart(4, '0')}`,
    title: `number ${i}`,
    score: i % 3,
    num_comments: i % 2,
    created_utc: 1_700_000_000 + (i % 4),
  }),
);

beforeAll(async () => {
  database = await createTestDatabase();
  await clearCorpus(database.db);
  await insertCorpus(database.db, { posts });
}, 120_000);
afterAll(async () => database.close());

// Every tenth post, by a pattern with no literal: no lookup, so the search scans in result order. (With "number " the
// trigram lookup lists every post, and the first chunk of `new`, in a tie of odd numbers, holds no match: the search
// would drive from that lookup, decision 016.)
const regex = { field: 'regex', operator: 'regex_matches', value: '^[a-z]+ [0-9]*0$' };
const filters = parseFilterTreeWithRe2({ combinator: 'and', rules: [regex] });
// A `removed` rule admits removed records: top then walks the score index of every row (decision 039).
const withRemoved = parseFilterTreeWithRe2({
  combinator: 'and',
  rules: [regex, { field: 'removed', operator: '=', value: false }],
});

describe(`a scan in result order across ties (${TEST_DIALECT})`, () => {
  it.each<[SortOrder, string]>([
    ['top', 'live'],
    ['top', 'removed admitted'],
    ['new', 'live'],
    ['old', 'live'],
    ['most_discussed', 'live'],
    ['random', 'live'],
  ])('returns the reference order for %s (%s)', async (sort, population) => {
    const chunks: number[] = [];
    const result = await searchCorpus(
      database.db,
      {
        filters: population === 'live' ? filters : withRemoved,
        searchType: 'posts',
        resultCount: 1000,
        sort,
        sampleSeed: 7,
      },
      { onProgress: (fraction) => chunks.push(fraction) },
    );
    const expected = posts
      .filter((_, i) => i % 10 === 0)
      .sort(compareForSort(sort, 7))
      .slice(0, 1000)
      .map((post) => post.id);
    expect(result.isComplete).toBe(true);
    expect(chunks.length).toBeGreaterThanOrEqual(2); // it did read several chunks
    expect(result.posts.map((post) => post.id)).toEqual(expected);
  });
});

describe(`a random sample reads about n / selectivity rows (${TEST_DIALECT})`, () => {
  const sample = async (sampleSeed: number) => {
    const chunks: number[] = [];
    const result = await searchCorpus(
      database.db,
      { filters, searchType: 'posts', resultCount: 50, sort: 'random', sampleSeed },
      { onProgress: (fraction) => chunks.push(fraction) },
    );
    return { ids: result.posts.map((post) => post.id), chunks };
  };

  it('stops inside its first chunk of the key index, and a seed gives its sample again', async () => {
    // One post in ten matches: 50 matches lie within about 500 rows of the start, the first chunk holds 1,000.
    const first = await sample(11);
    expect(first.chunks).toEqual([]);
    const expected = posts
      .filter((_, i) => i % 10 === 0)
      .sort(compareForSort('random', 11))
      .slice(0, 50)
      .map((post) => post.id);
    expect(first.ids).toEqual(expected);
    expect((await sample(11)).ids).toEqual(expected);
    const other = await sample(12);
    expect(other.ids).toHaveLength(50);
    expect(other.ids.filter((id) => expected.includes(id)).length).toBeLessThan(25);
  });
});
