import type { SortOrder } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCorpus, makeComment, makePost } from '../../../../test/corpus-factories.ts';
import { explainStatement, StatementRecorder } from '../../../../test/query-plans.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { ORDER_WALK_OFF } from '../../../db/repositories/corpus/search/corpus-search.repository.ts';
import { searchCorpus } from './corpus-search.service.ts';

// Every sort reads rows in its order from an index and stops at the limit (decision 039). The statements a search
// sends are recorded and explained as the repository runs them (PostgreSQL: with the planner methods the repository turns
// off for a walk in order): each chunk must be a range of its order's index, never a scan of the table nor a
// sort of it.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertCorpus(database.db, {
    posts: Array.from({ length: 300 }, (_, i) =>
      makePost({ id: `p${i}`, score: i % 7, num_comments: i % 5, created_utc: 1_700_000_000 + i }),
    ),
    comments: Array.from({ length: 300 }, (_, i) =>
      makeComment({ id: `c${i}`, score: i % 7, replies: i % 5, created_utc: 1_700_000_000 + i }),
    ),
  });
});
afterAll(async () => database.close());

const cases: [sort: SortOrder, admitsRemoved: boolean, index: string][] = [
  ['top', true, 'score_all_idx'],
  ['new', false, 'created_idx'],
  ['old', false, 'created_idx'],
  ['most_discussed', false, 'discussed_idx'],
  ['random', false, 'sample_key_idx'],
];

describe(`every sort walks its index (${TEST_DIALECT})`, () => {
  it.each(cases)('%s (removed admitted: %s) reads %s ranges', async (sort, admitsRemoved, index) => {
    const recorder = new StatementRecorder();
    const db = database.db.withPlugin(recorder);
    const filters = parseFilterTreeWithRe2({
      combinator: 'and',
      rules: [
        admitsRemoved
          ? { field: 'removed', operator: '=', value: false }
          : { field: 'nsfw', operator: '=', value: false },
      ],
    });
    const result = await searchCorpus(db, {
      filters,
      searchType: 'both',
      resultCount: 20,
      sort,
      sampleSeed: 3,
    });
    expect(result.posts.length + result.comments.length).toBe(20);
    const chunks = recorder.compiled(database.db).filter((compiled) => compiled.sql.includes('scan_key'));
    const tables = new Set(chunks.map((c) => (/from "?comments"?/.test(c.sql) ? 'comments' : 'posts')));
    expect(tables).toEqual(new Set(['posts', 'comments']));
    for (const chunk of chunks) {
      const table = /from "?comments"?/.test(chunk.sql) ? 'comments' : 'posts';
      const plan = await explainStatement(database.db, chunk, ORDER_WALK_OFF);
      if (process.env.SHOW_PLANS) console.log(sort, plan);
      expect(plan).toContain(`${table}_${index}`);
      expect(plan).not.toMatch(
        /SCAN (TABLE )?(posts|comments)\b(?! USING)|Seq Scan|TEMP B-TREE FOR ORDER BY|Sort Key: (posts|comments)\./,
      );
    }
  });

  it('most_discussed with a score floor drives from the score index (lookup, then sort) when the range is small', async () => {
    const recorder = new StatementRecorder();
    const db = database.db.withPlugin(recorder);
    const filters = parseFilterTreeWithRe2({
      combinator: 'and',
      rules: [{ field: 'upvotes', operator: '>=', value: 6 }],
    });
    const result = await searchCorpus(db, {
      filters,
      searchType: 'posts',
      resultCount: 20,
      sort: 'most_discussed',
    });
    const expected = Array.from({ length: 300 }, (_, i) => i)
      .filter((i) => i % 7 === 6)
      .sort((a, b) => (b % 5) - (a % 5) || (`p${a}` < `p${b}` ? -1 : 1))
      .slice(0, 20)
      .map((i) => `p${i}`);
    expect(result.posts.map((post) => post.id)).toEqual(expected);
    const statements = recorder.compiled(database.db).map((compiled) => compiled.sql);
    expect(statements.some((text) => text.includes('scan_key'))).toBe(false);
    if (TEST_DIALECT === 'sqlite')
      expect(statements.some((text) => text.includes('indexed by posts_live_score_idx'))).toBe(true);
  });
});
