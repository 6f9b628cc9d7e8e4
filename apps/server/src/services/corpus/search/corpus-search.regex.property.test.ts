import { SEARCH_TYPES, parseFilterTree, type FilterTreeInput } from '@threadcart/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCount, evaluateSearch } from '../../../corpus/reference/evaluate.ts';
import type { CommentsTable, PostsTable } from '../../../db/tables/corpus.tables.ts';
import { clearCorpus, insertCorpus, makeComment, makePost } from '../../../../test/corpus-factories.ts';
import { regexCaseArb, regexTextArb } from '../../../../test/regex-arbitraries.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { countMatches, searchCorpus } from './corpus-search.service.ts';

// The trigram prefilter against the reference: generated RE2 patterns (literals, classes, alternation, repetition,
// anchors, case, ſ and the Kelvin sign), texts built to match them, and trees that negate and OR the rules, so the
// engine drives from the trigram index (literals), scans (literal-free patterns) and counts both ways.

const patternsArb = fc.array(regexCaseArb, { minLength: 1, maxLength: 3 });

/** Records whose texts are the cases' matching texts, random texts, and both glued to noise. */
function corpusArb(texts: readonly string[]) {
  const textArb = fc.oneof(
    fc.constantFrom(...texts),
    regexTextArb,
    fc.tuple(fc.constantFrom(...texts), regexTextArb).map(([a, b]) => `${b} ${a}`),
  );
  return fc
    .array(
      fc.record({
        title: textArb,
        selftext: fc.oneof(fc.constant(''), textArb),
        score: fc.integer({ min: -2, max: 6 }),
        count: fc.integer({ min: 0, max: 4 }),
        isPost: fc.boolean(),
        isRemoved: fc.constantFrom(0, 0, 0, 0, 1),
      }),
      { minLength: 4, maxLength: 20 },
    )
    .map((fields) => {
      const posts: PostsTable[] = [];
      const comments: CommentsTable[] = [];
      fields.forEach((f, i) => {
        const common = { id: i.toString(36), score: f.score, is_removed: f.isRemoved };
        if (f.isPost)
          posts.push(makePost({ ...common, title: f.title, selftext: f.selftext, num_comments: f.count }));
        else comments.push(makeComment({ ...common, body: f.title, replies: f.count }));
      });
      return { posts, comments };
    });
}

function treeArb(patterns: readonly string[]): fc.Arbitrary<FilterTreeInput> {
  const regexRule = fc
    .tuple(
      fc.constantFrom(...patterns),
      fc.constantFrom('regex_matches', 'regex_matches', 'regex_not_matches'),
    )
    .map(([value, operator]) => ({ field: 'regex', operator, value }));
  const otherRule = fc.oneof(
    fc.constantFrom('a', 'the', 'data').map((value) => ({ field: 'keyword', operator: '=', value })),
    fc.integer({ min: 0, max: 4 }).map((n) => ({ field: 'upvotes', operator: '>=', value: n })),
    fc.integer({ min: 1, max: 3 }).map((n) => ({ field: 'replies', operator: '>=', value: n })),
  );
  const group = (rules: fc.Arbitrary<object[]>) =>
    fc
      .tuple(fc.constantFrom('and', 'or'), fc.boolean(), rules)
      .map(([combinator, not, items]) => ({ combinator, not, rules: items }));
  const leaf = fc.oneof(regexRule, regexRule, regexRule, otherRule);
  const inner = group(fc.array(leaf, { minLength: 1, maxLength: 3 }));
  return fc
    .tuple(
      fc.constantFrom('and', 'or'),
      fc.array(fc.oneof(leaf, leaf, inner), { minLength: 1, maxLength: 3 }),
    )
    .map(([combinator, rules]) => ({ combinator, rules }) as FilterTreeInput);
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe(`regex rules through the trigram index = reference evaluator (${TEST_DIALECT})`, () => {
  it('returns and counts the same records for generated RE2 patterns, negated and OR-ed (500 cases)', async () => {
    const caseArb = patternsArb.chain((cases) => {
      const texts = cases.flatMap((c) => c.texts);
      const patterns = cases.map((c) => c.pattern);
      return fc.record({
        corpus: corpusArb(texts.length > 0 ? texts : ['x']),
        queries: fc.array(
          fc.record({
            tree: treeArb(patterns),
            searchType: fc.constantFrom(...SEARCH_TYPES),
            resultCount: fc.integer({ min: 1, max: 12 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      });
    });
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ corpus, queries }) => {
        await clearCorpus(database.db);
        await insertCorpus(database.db, corpus);
        for (const { tree, searchType, resultCount } of queries) {
          const parsed = parseFilterTree(tree);
          if (!parsed.ok) throw new Error(parsed.errors.join('; '));
          const filters = parsed.tree;
          const engine = await searchCorpus(database.db, { filters, searchType, resultCount });
          const reference = evaluateSearch(corpus, { filters, searchType, resultCount });
          expect(engine.posts.map((p) => p.id)).toEqual(reference.posts.map((p) => p.id));
          expect(engine.comments.map((c) => c.id)).toEqual(reference.comments.map((c) => c.id));
          const total = evaluateCount(corpus, { filters, searchType });
          const counted = await countMatches(database.db, { filters, searchType }, 1000);
          expect(counted).toEqual({ count: total, isCapped: false, isComplete: true });
        }
      }),
      { numRuns: 500 },
    );
  }, 300_000);
});
