import { SEARCH_TYPES, SORT_ORDERS, parseFilterTree } from '@threadcart/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCount, evaluateSearch } from '../../../corpus/reference/evaluate.ts';
import { clearCorpus, insertCorpus } from '../../../../test/corpus-factories.ts';
import { corpusArb, treeArb } from '../../../../test/filter-arbitraries.ts';
import {
  createTestDatabase,
  TEST_CORPUS_LAYOUT,
  TEST_DIALECT,
  type TestDatabase,
} from '../../../../test/test-database.ts';
import { countMatches, searchCorpus } from './corpus-search.service.ts';

const queryArb = fc.record({
  tree: treeArb,
  searchType: fc.constantFrom(...SEARCH_TYPES),
  resultCount: fc.integer({ min: 1, max: 14 }),
  cap: fc.integer({ min: 0, max: 20 }),
  sort: fc.constantFrom(...SORT_ORDERS),
  sampleSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe(`filter engine = reference evaluator (${TEST_DIALECT})`, () => {
  it(
    'returns the same records in the same order for random corpora and trees (500 cases)',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          corpusArb,
          fc.array(queryArb, { minLength: 1, maxLength: 3 }),
          async (corpus, queries) => {
            await clearCorpus(database.db);
            await insertCorpus(database.db, corpus);
            for (const { tree, searchType, resultCount, cap, sort, sampleSeed } of queries) {
              const parsed = parseFilterTree(tree);
              if (!parsed.ok) throw new Error(parsed.errors.join('; '));
              const filters = parsed.tree;
              const query = { filters, searchType, resultCount, sort, sampleSeed };
              const engine = await searchCorpus(database.db, query);
              const reference = evaluateSearch(corpus, query);
              expect(engine.posts.map((p) => p.id)).toEqual(reference.posts.map((p) => p.id));
              expect(engine.comments.map((c) => c.id)).toEqual(reference.comments.map((c) => c.id));

              const total = evaluateCount(corpus, { filters, searchType });
              expect(await countMatches(database.db, { filters, searchType }, cap)).toEqual({
                count: Math.min(total, cap),
                isCapped: total > cap,
                isComplete: true,
              });
            }
          },
        ),
        { numRuns: 500 },
      );
      // Partitioned (decision 041): every statement is planned over the partitions, about twice the time.
    },
    TEST_CORPUS_LAYOUT === 'partitioned' ? 300_000 : 120_000,
  );
});
