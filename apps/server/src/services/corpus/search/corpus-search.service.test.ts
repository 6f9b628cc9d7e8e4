import { ORDER_PRESETS, type SearchType } from '@threadcart/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FieldErrors } from '../../../errors.ts';
import { clearCorpus, insertCorpus, makeComment, makePost } from '../../../../test/corpus-factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.ts';
import { countMatches, searchCorpus } from './corpus-search.service.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { sampleKey } from '../../../corpus/filters/sample-key.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => clearCorpus(database.db));

const tree = (...rules: object[]) => ({ combinator: 'and', rules });
// The engine takes canonical trees: these parse the test's payload form first, as the routes and the worker do.
type LooseQuery = { filters: unknown; searchType: SearchType };
const search = async (query: LooseQuery & { resultCount: number }) =>
  searchCorpus(database.db, { ...query, filters: parseFilterTreeWithRe2(query.filters) });
const count = async (query: LooseQuery, cap: number) =>
  countMatches(database.db, { ...query, filters: parseFilterTreeWithRe2(query.filters) }, cap);
const kw = (value: string, operator = 'keyword_contains') => ({ field: 'keyword', operator, value });
async function postIds(filters: object, resultCount = 100) {
  const { posts } = await search({ filters, searchType: 'posts', resultCount });
  return posts.map((p) => p.id);
}

describe('keyword rules', () => {
  beforeEach(async () => {
    await insertCorpus(database.db, {
      posts: [
        makePost({ id: 'p1', title: 'Learning Python', selftext: 'Big data with pandas.', score: 5 }),
        makePost({ id: 'p2', title: 'pythons are snakes', selftext: 'data, big!', score: 4 }),
        makePost({ id: 'p3', title: 'Node.js vs PYTHON', selftext: "it's fine", score: 3 }),
        makePost({ id: 'p4', title: 'python', score: 9, is_deleted: 1 }),
        makePost({ id: 'p5', title: 'python', score: 9, is_removed: 1 }),
      ],
    });
  });

  it('matches whole words, case-insensitively, without stemming; deleted and removed never match', async () => {
    expect(await postIds(tree(kw('python')))).toEqual(['p1', 'p3']);
    expect(await postIds(tree(kw('Python data')))).toEqual(['p1']);
    expect(await postIds(tree(kw('pyth*')))).toEqual(['p1', 'p2', 'p3']);
    expect(await postIds(tree(kw('"big data"')))).toEqual(['p1']);
    expect(await postIds(tree(kw('"data big"')))).toEqual(['p2']);
    expect(await postIds(tree(kw('node.js')))).toEqual(['p3']);
    expect(await postIds(tree(kw('python', 'does_not_contain')))).toEqual(['p2']);
    expect(await postIds(tree(kw('it s fine')))).toEqual(['p3']);
  });

  it('treats quotes, apostrophes and SQL in the text as plain words', async () => {
    expect(await postIds(tree(kw(`"'); drop table posts; --`)))).toEqual([]);
    expect(await postIds(tree(kw(`"python`)))).toEqual(['p1', 'p3']);
    expect(await postIds(tree(kw(`python" OR "*`)))).toEqual([]);
    expect(await postIds(tree(kw('AND OR NOT NEAR')))).toEqual([]);
  });
});

describe('numbers, order, search types', () => {
  beforeEach(async () => {
    await insertCorpus(database.db, {
      posts: [
        makePost({ id: 'a', title: 'python', score: 100, num_comments: 3 }),
        makePost({ id: 'c', title: 'python', score: 300, num_comments: 9 }),
        makePost({ id: 'b', title: 'python', score: 300, num_comments: 1 }),
        makePost({ id: 'd', title: 'python', score: 501 }),
      ],
      comments: [
        makeComment({ id: 'x', body: 'data', replies: 5, score: 2 }),
        makeComment({ id: 'y', body: 'data', replies: 21, score: 7 }),
        makeComment({ id: 'z', body: 'more data', replies: 20, score: 2 }),
      ],
    });
  });

  it('runs the presets: ordered by score desc, then id', async () => {
    const [posts, comments] = ORDER_PRESETS;
    expect(await postIds(posts!.filters)).toEqual(['b', 'c', 'a']);
    const result = await search({
      filters: comments!.filters,
      searchType: 'comments',
      resultCount: 10,
    });
    expect(result.comments.map((c) => c.id)).toEqual(['x', 'z']);
    expect(result.comments[0]).toEqual({
      id: 'x',
      author: 'author',
      body: 'data',
      score: 2,
      created_utc: 1_700_000_000,
      parent_id: 't3_abc',
      link_id: 't3_abc',
      subreddit: 'test',
      replies: 5,
      permalink: '/r/test/comments/abc/_/x/',
      nsfw: false,
      removed: false,
      retrieved_at: 1_700_000_100,
      is_sample: false,
      sample_key: sampleKey('comments', 'x').toString(),
    });
  });

  it('applies every numeric operator, and NOT groups', async () => {
    const up = (operator: string, value: unknown) => tree({ field: 'upvotes', operator, value });
    expect(await postIds(up('>', 300))).toEqual(['d']);
    expect(await postIds(up('>=', '300'))).toEqual(['d', 'b', 'c']);
    expect(await postIds(up('<', 300))).toEqual(['a']);
    expect(await postIds(up('<=', 300))).toEqual(['b', 'c', 'a']);
    expect(await postIds(up('=', 300))).toEqual(['b', 'c']);
    expect(await postIds(up('between', [null, null]))).toEqual(['d', 'b', 'c', 'a']);
    expect(await postIds(tree({ field: 'comments', operator: 'between', value: [2, null] }))).toEqual([
      'c',
      'a',
    ]);
    expect(
      await postIds({
        combinator: 'and',
        not: true,
        rules: [{ field: 'upvotes', operator: '>', value: 200 }],
      }),
    ).toEqual(['a']);
  });

  it('prunes rules a type lacks and splits both evenly, the fuller side filling the gap', async () => {
    const filters = {
      combinator: 'or',
      rules: [{ field: 'upvotes', operator: '>', value: 1000 }, kw('data')],
    };
    const both = await search({ filters, searchType: 'both', resultCount: 3 });
    expect(both.posts.map((p) => p.id)).toEqual([]);
    expect(both.comments.map((c) => c.id)).toEqual(['y', 'x', 'z']);
    const wide = await search({ filters: tree(), searchType: 'both', resultCount: 5 });
    expect([wide.posts.length, wide.comments.length]).toEqual([3, 2]);
    const fill = await search({
      filters: tree(kw('python')),
      searchType: 'both',
      resultCount: 3,
    });
    expect([fill.posts.length, fill.comments.length]).toEqual([3, 0]);
    const onlyReplies = tree({ field: 'replies', operator: '>', value: 20 });
    expect(await postIds(onlyReplies)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('counts exactly up to the cap', async () => {
    expect(await count({ filters: tree(), searchType: 'both' }, 10)).toEqual({
      count: 7,
      isCapped: false,
      isComplete: true,
    });
    expect(await count({ filters: tree(), searchType: 'both' }, 7)).toEqual({
      count: 7,
      isCapped: false,
      isComplete: true,
    });
    expect(await count({ filters: tree(), searchType: 'both' }, 5)).toEqual({
      count: 5,
      isCapped: true,
      isComplete: true,
    });
    const regex = tree({ field: 'regex', operator: 'regex_matches', value: '^data$' });
    expect(await count({ filters: regex, searchType: 'comments' }, 1)).toEqual({
      count: 1,
      isCapped: true,
      isComplete: true,
    });
  });
});

describe('regex rules (RE2)', () => {
  it('matches case-insensitively against title, a line break, selftext; or the body', async () => {
    await insertCorpus(database.db, {
      posts: [makePost({ id: 'p1', title: 'Title ends', selftext: 'Body starts', score: 2 })],
      comments: [makeComment({ id: 'c1', body: 'NAÏVE Café' })],
    });
    const rx = (value: string, operator = 'regex_matches') => tree({ field: 'regex', operator, value });
    expect(await postIds(rx('ends\\nbody'))).toEqual(['p1']);
    expect(await postIds(rx('ends body'))).toEqual([]);
    expect(await postIds(rx('^title.*starts$'))).toEqual([]);
    expect(await postIds(rx('^title(.|\\n)*starts$'))).toEqual(['p1']);
    await insertCorpus(database.db, { posts: [makePost({ id: 'p2', title: 'Link only', selftext: '' })] });
    expect(await postIds(rx('^link only$'))).toEqual(['p2']);
    expect(await postIds(rx('ends', 'regex_not_matches'))).toEqual(['p2']);
    const { comments } = await search({
      filters: rx('naïve caf.$'),
      searchType: 'comments',
      resultCount: 5,
    });
    expect(comments.map((c) => c.id)).toEqual(['c1']);
  });

  it('refuses an invalid pattern with 400 and RE2 message, naming the rule', () => {
    const bad = tree(kw('x'), { field: 'regex', operator: 'regex_matches', value: '(?=a)b' });
    expect(() => parseFilterTreeWithRe2(bad)).toThrowError(FieldErrors);
    try {
      parseFilterTreeWithRe2(bad);
    } catch (error) {
      expect((error as FieldErrors).fields).toEqual({
        filters: ['Rule 2 (regex): invalid pattern: lookahead `(?=` is not supported'],
      });
    }
    return expect(search({ filters: bad, searchType: 'posts', resultCount: 1 })).rejects.toThrow(FieldErrors);
  });

  it('answers (a+)+$ against 100,000 a then b in under a second', async () => {
    const evil = 'a'.repeat(100_000) + 'b';
    await insertCorpus(database.db, {
      posts: [makePost({ id: 'p1', title: 'x', selftext: evil }), makePost({ id: 'p2', title: 'aaa' })],
      comments: [makeComment({ id: 'c1', body: evil })],
    });
    const started = performance.now();
    const result = await search({
      filters: tree({ field: 'regex', operator: 'regex_matches', value: '(a+)+$' }),
      searchType: 'both',
      resultCount: 10,
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.posts.map((p) => p.id)).toEqual(['p2']);
    expect(result.comments).toEqual([]);
  });
});

describe('phrases in long texts', () => {
  it('finds a phrase after hundreds of repeats of its first word (beyond tsvector position limits)', async () => {
    const long = `${'the cat '.repeat(300)}the end ${'filler '.repeat(17_000)}last words`;
    await insertCorpus(database.db, { posts: [makePost({ id: 'p1', title: 't', selftext: long })] });
    expect(await postIds(tree(kw('"the end"')))).toEqual(['p1']);
    expect(await postIds(tree(kw('"last words"')))).toEqual(['p1']);
    expect(await postIds(tree(kw('"end the"')))).toEqual([]);
    expect(await postIds(tree(kw('"cat end"', 'does_not_contain')))).toEqual(['p1']);
  });
});
