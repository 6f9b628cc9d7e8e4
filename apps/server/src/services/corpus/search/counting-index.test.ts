import type { FilterTree } from '@threadcart/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCorpus, makeComment, makePost } from '../../../../test/corpus-factories.ts';
import { explainStatement, StatementRecorder } from '../../../../test/query-plans.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { findCountingIndex } from '../../../corpus/filters/counting-index.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { admitsRemoved, prepareFilter } from '../../../corpus/filters/prepare.ts';
import { compareForSort, recordMatches, type ReferenceRecord } from '../../../corpus/reference/evaluate.ts';
import type { CommentsTable, PostsTable } from '../../../db/tables/corpus.tables.ts';
import { countMatches, searchCorpus } from './corpus-search.service.ts';

// Exact counts from an index alone (decision 046): a tree of name, date, number and `removed` rules is counted from
// the one index that holds every column it reads, by an index-only scan of the range it bounds, and the count is the
// reference's.

const SUBREDDITS = ['science', 'Python', 'datascience', 'news'];
const T0 = Date.UTC(2022, 0, 1) / 1000;
const DAY = 86_400;
const posts: PostsTable[] = Array.from({ length: 400 }, (_, i) =>
  makePost({
    id: `p${i}`,
    subreddit: SUBREDDITS[i % 4]!,
    author: `author${i % 9}`,
    score: (i * 37) % 1500,
    num_comments: i % 6,
    created_utc: T0 + i * 2 * DAY,
    is_deleted: i % 11 === 0 ? 1 : 0,
    is_removed: i % 13 === 0 ? 1 : 0,
  }),
);
const comments: CommentsTable[] = Array.from({ length: 600 }, (_, i) =>
  makeComment({
    id: `c${i}`,
    subreddit: SUBREDDITS[(i * 3) % 4]!,
    author: `author${i % 7}`,
    score: (i * 53) % 900,
    replies: i % 4,
    created_utc: T0 + i * DAY,
    is_deleted: i % 17 === 0 ? 1 : 0,
    is_removed: i % 19 === 0 ? 1 : 0,
  }),
);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertCorpus(database.db, { posts, comments });
  // PostgreSQL reads the table beside an index-only scan for pages not yet all-visible; a real corpus is vacuumed.
  if (TEST_DIALECT === 'postgres') {
    await sql`vacuum analyze posts`.execute(database.db);
    await sql`vacuum analyze comments`.execute(database.db);
  }
});
afterAll(async () => database.close());

const tree = (rules: unknown[], combinator: 'and' | 'or' = 'and') =>
  parseFilterTreeWithRe2({ combinator, rules } as never);
const rule = (field: string, operator: string, value: unknown) => ({ field, operator, value });

const reference = (filters: FilterTree, searchType: 'posts' | 'comments' | 'both') =>
  (searchType === 'comments'
    ? 0
    : posts.filter((record) => recordMatches(filters, { type: 'posts', record } as ReferenceRecord)).length) +
  (searchType === 'posts'
    ? 0
    : comments.filter((record) => recordMatches(filters, { type: 'comments', record } as ReferenceRecord))
        .length);

// [name, search type, rules, the posts' index, the comments' index] ('' where the type is not searched)
const COUNTED: [string, 'posts' | 'comments' | 'both', unknown[], string, string][] = [
  [
    'a subreddit',
    'both',
    [rule('subreddit', 'in', ['science'])],
    'posts_subreddit_created_idx',
    'comments_subreddit_created_idx',
  ],
  [
    'two subreddits in a year, removed admitted',
    'both',
    [
      rule('subreddit', 'in', ['science', 'news']),
      rule('created', 'between', ['2022-03-01', '2022-12-31']),
      rule('removed', '=', true),
    ],
    'posts_subreddit_created_idx',
    'comments_subreddit_created_idx',
  ],
  [
    'an author',
    'both',
    [rule('author', 'in', ['author3'])],
    'posts_author_created_idx',
    'comments_author_created_idx',
  ],
  ['a domain', 'posts', [rule('domain', 'in', ['example.com'])], 'posts_domain_created_idx', ''],
  [
    'a date range',
    'both',
    [rule('created', 'between', ['2022-02-01', '2022-06-30'])],
    'posts_created_idx',
    'comments_created_idx',
  ],
  ['upvotes ≥ 1000', 'posts', [rule('upvotes', '>=', 1000)], 'posts_live_score_idx', ''],
  ['comment upvotes ≥ 500', 'comments', [rule('comment_upvotes', '>=', 500)], '', 'comments_live_score_idx'],
  [
    'upvotes ≥ 500 with removed records',
    'posts',
    [rule('upvotes', '>=', 500), rule('removed', '=', false)],
    'posts_score_all_idx',
    '',
  ],
  [
    'comments ≥ 3 and upvotes ≤ 800',
    'posts',
    [rule('comments', '>=', 3), rule('upvotes', '<=', 800)],
    'posts_live_num_comments_idx',
    '',
  ],
  ['replies ≥ 2', 'comments', [rule('replies', '>=', 2)], '', 'comments_live_replies_idx'],
  [
    'a subreddit and an OR of dates',
    'both',
    [
      rule('subreddit', 'in', ['python']),
      { combinator: 'or', rules: [rule('created', '<=', '2022-03-01'), rule('created', '>=', '2022-09-01')] },
    ],
    'posts_subreddit_created_idx',
    'comments_subreddit_created_idx',
  ],
];

// SQLite never reads an index on a virtual generated column (the name keys) as covering, nor the partial count
// indexes, whose predicate names columns they do not hold (decision 046): those counts read the rows the range lists.
const isCoveringOnSqlite = (index: string) =>
  !/_(subreddit|author|domain)_created_idx$|_live_(num_comments|replies)_idx$/.test(index);

describe(`exact counts from an index alone (${TEST_DIALECT})`, () => {
  it.each(COUNTED)(
    '%s (%s): counted from %s / %s, equal to the reference',
    async (_name, searchType, rules, postIndex, commentIndex) => {
      const filters = tree(rules);
      const population = admitsRemoved(filters) ? 'all' : 'live';
      if (postIndex)
        expect(findCountingIndex(prepareFilter(filters, 'posts'), 'posts', population)?.name).toBe(postIndex);
      if (commentIndex)
        expect(findCountingIndex(prepareFilter(filters, 'comments'), 'comments', population)?.name).toBe(
          commentIndex,
        );
      const recorder = new StatementRecorder();
      const counted = await countMatches(database.db.withPlugin(recorder), { filters, searchType }, 10_000);
      expect(counted).toEqual({ count: reference(filters, searchType), isCapped: false, isComplete: true });
      expect(counted.count).toBeGreaterThan(0);
      const statements = recorder
        .compiled(database.db)
        .filter((compiled) =>
          /select count\(\*\) as n from \(select 1 from "?(posts|comments)"?\s/.test(compiled.sql),
        );
      const expected = [postIndex, commentIndex].filter(Boolean);
      expect(statements).toHaveLength(expected.length);
      for (const [i, statement] of statements.entries()) {
        const plan = await explain(statement);
        if (process.env.SHOW_PLANS) console.log(plan);
        expect(plan).toMatch(
          TEST_DIALECT === 'postgres'
            ? // a partitioned corpus (decision 041) names each partition's index after the parent's
              new RegExp(`Index Only Scan using ${expected[i]}\\w*\\b`)
            : new RegExp(
                `USING ${isCoveringOnSqlite(expected[i]!) ? 'COVERING ' : ''}INDEX ${expected[i]}\\b`,
              ),
        );
      }
    },
  );

  it.each([
    ['a keyword', [rule('keyword', 'keyword_contains', 'data')]],
    ['an NSFW flag', [rule('subreddit', 'in', ['science']), rule('nsfw', '=', false)]],
    ['a link kind', [rule('domain', 'in', ['example.com']), rule('post_kind', 'in', ['link'])]],
    [
      'an OR of subreddit and author (no range bounds every match)',
      [rule('subreddit', 'in', ['news']), rule('author', 'in', ['author1'])],
      'or',
    ],
    ['NOT a subreddit alone', [rule('subreddit', 'not_in', ['news'])]],
  ] as [string, unknown[], ('and' | 'or')?][])('%s: no index counts it alone', (_name, rules, combinator) => {
    const filters = tree(rules, combinator ?? 'and');
    const population = admitsRemoved(filters) ? 'all' : 'live';
    for (const type of ['posts', 'comments'] as const)
      expect(findCountingIndex(prepareFilter(filters, type), type, population)).toBeUndefined();
  });
});

const explain = (statement: Parameters<typeof explainStatement>[1]) =>
  explainStatement(database.db, statement, ['enable_seqscan', 'enable_bitmapscan']);

describe(`the best rows of a community chosen from its name index alone (${TEST_DIALECT})`, () => {
  it.each([
    ['top', [rule('subreddit', 'in', ['science']), rule('removed', '=', true)]],
    ['top', [rule('subreddit', 'in', ['science', 'news'])]],
    ['new', [rule('author', 'in', ['author2']), rule('created', '>=', '2022-02-01')]],
    ['old', [rule('subreddit', 'in', ['python']), rule('removed', '=', false)]],
  ] as const)("%s of %j: the reference's records in its order", async (sort, rules) => {
    const filters = tree([...rules]);
    const recorder = new StatementRecorder();
    const found = await searchCorpus(database.db.withPlugin(recorder), {
      filters,
      searchType: 'comments',
      resultCount: 7,
      sort,
    });
    const expected = comments
      .filter((record) => recordMatches(filters, { type: 'comments', record } as ReferenceRecord))
      .sort(compareForSort(sort, 0) as (a: CommentsTable, b: CommentsTable) => number)
      .slice(0, 7)
      .map((record) => record.id);
    expect(expected.length).toBe(7);
    expect(found.comments.map((record) => record.id)).toEqual(expected);
    if (TEST_DIALECT !== 'postgres') return;
    const chosen = recorder
      .compiled(database.db)
      .filter((compiled) =>
        /^with range as materialized \(select id, score, created_utc from "?comments"?/.test(compiled.sql),
      );
    expect(chosen).toHaveLength(1);
    const plan = await explain(chosen[0]!);
    expect(plan).toMatch(/Index Only Scan using comments_(subreddit|author)_created_idx\w*/);
  });
});
