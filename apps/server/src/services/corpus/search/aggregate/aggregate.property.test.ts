import {
  AGGREGATE_INTERVALS,
  AGGREGATE_TOP_FIELDS,
  binStart,
  parseFilterTree,
  SEARCH_TYPES,
  type AggregateTopField,
  type TopEntry,
} from '@threadcart/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCount, recordMatches } from '../../../../corpus/reference/evaluate.ts';
import type { CommentsTable, PostsTable } from '../../../../db/tables/corpus.tables.ts';
import { clearCorpus, insertCorpus } from '../../../../../test/corpus-factories.ts';
import { corpusArb, treeArb } from '../../../../../test/filter-arbitraries.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../../test/test-database.ts';
import { aggregateMatches } from './aggregate-matches.ts';

// The corpora's four days spread over two years (so months, weeks and years have several bins), and their comments
// over three threads (t3_a, t3_b, t3_c: posts a, b and c are stored at times). The reference evaluates the same rows, so the spread changes nothing it holds the engine to.
const SPREAD = 180;
const THREADS = ['t3_a', 't3_b', 't3_c'];
const spread = (corpus: { posts: PostsTable[]; comments: CommentsTable[] }) => {
  const start = Math.min(...[...corpus.posts, ...corpus.comments].map((r) => r.created_utc));
  const at = (t: number) => start + (t - start) * SPREAD;
  return {
    posts: corpus.posts.map((p) => ({ ...p, created_utc: at(p.created_utc) })),
    comments: corpus.comments.map((c, i) => ({
      ...c,
      created_utc: at(c.created_utc),
      link_id: THREADS[i % 3]!,
    })),
  };
};

const queryArb = fc.record({
  tree: treeArb,
  searchType: fc.constantFrom(...SEARCH_TYPES),
  interval: fc.constantFrom(...AGGREGATE_INTERVALS),
  top: fc.subarray([...AGGREGATE_TOP_FIELDS]),
  topLimit: fc.integer({ min: 1, max: 6 }),
});

/** GROUP BY over the reference's matches: counts by key. */
function groupBy<R>(records: readonly R[], keyOf: (r: R) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const record of records) {
    const key = keyOf(record);
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The reference's top list: the largest counts first, ties by name, as the engine promises. */
const topOf = (counts: Map<string, number>, limit: number): TopEntry[] =>
  [...counts]
    .sort(([a, x], [b, y]) => y - x || byName(a, b))
    .slice(0, limit)
    .map(([name, count]) => ({ name, count, low: count, high: count }));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe(`exact aggregations = GROUP BY over the reference evaluator's matches (${TEST_DIALECT})`, () => {
  it('gives every histogram bin and every top-N count of random corpora and trees (200 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        corpusArb,
        fc.array(queryArb, { minLength: 1, maxLength: 3 }),
        async (generated, queries) => {
          const corpus = spread(generated);
          await clearCorpus(database.db);
          await insertCorpus(database.db, corpus);
          for (const { tree, searchType, interval, top, topLimit } of queries) {
            const parsed = parseFilterTree(tree);
            if (!parsed.ok) throw new Error(parsed.errors.join('; '));
            const filters = parsed.tree;
            const matches = evaluateCount(corpus, { filters, searchType });
            const got = await aggregateMatches(
              database.db,
              { filters, searchType, resultCount: 1 },
              { interval, top, top_limit: topLimit },
              { matches, isEstimate: false },
              {},
            );
            const posts =
              searchType === 'comments'
                ? []
                : corpus.posts.filter((record) => recordMatches(filters, { type: 'posts', record }));
            const comments =
              searchType === 'posts'
                ? []
                : corpus.comments.filter((record) => recordMatches(filters, { type: 'comments', record }));
            expect(got.histogram.is_estimate).toBe(false);
            expect(got.top.is_estimate).toBe(false);
            for (const [type, records] of [
              ['posts', posts],
              ['comments', comments],
            ] as const) {
              const bins = groupBy<PostsTable | CommentsTable>(records, (r) =>
                binStart(r.created_utc, interval),
              );
              expect(got.histogram[type]).toEqual(
                [...bins]
                  .sort(([a], [b]) => byName(a, b))
                  .map(([start, count]) => ({ start, count, low: count, high: count })),
              );
            }
            const keyOf: Record<AggregateTopField, (r: PostsTable | CommentsTable) => string | undefined> = {
              subreddit: (r) => r.subreddit,
              author: (r) => r.author,
              domain: (r) => ('domain' in r ? r.domain : undefined),
              thread: (r) => ('link_id' in r ? r.link_id : undefined),
            };
            for (const field of AGGREGATE_TOP_FIELDS) {
              if (!top.includes(field)) {
                expect(got.top[field]).toBeUndefined();
                continue;
              }
              const reference = topOf(groupBy([...posts, ...comments], keyOf[field]), topLimit);
              // A thread carries its post's title when the post is stored (post ids a, b, c are, at times).
              const titles = new Map(corpus.posts.map((p) => [`t3_${p.id}`, p.title]));
              const withTitles = reference.map((entry) => {
                const title = field === 'thread' ? titles.get(entry.name) : undefined;
                return title === undefined ? entry : { ...entry, title };
              });
              expect(got.top[field]).toEqual(withTitles);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 300_000);
});
