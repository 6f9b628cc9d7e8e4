import { SEARCH_TYPES, parseFilterTree } from '@threadcart/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateSearch, recordMatches } from '../corpus/reference/evaluate.ts';
import type { CommentsTable, PostsTable } from '../db/tables/corpus.tables.ts';
import { clearCorpus, insertCorpus, makeComment, makePost } from '../../test/corpus-factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/test-database.ts';
import { countMatches, searchCorpus } from './corpus-search.service.ts';

// A small vocabulary with near-misses (prefixes, stems, case, diacritics) so random rules often hit and miss.
const WORDS = [
  'python',
  'Pythonic',
  'PY',
  'data',
  'database',
  'dat',
  'big',
  'café',
  'cafe',
  'naïve',
  'go',
  'a',
  '42',
];
const SEPARATORS = [' ', ' ', '  ', '. ', ', ', '-', '\n', '.', "'"];
const PATTERNS = [
  'py',
  '^py',
  'data$',
  'a.a',
  '(py|da)t',
  '\\bgo\\b',
  'th?on',
  'caf.',
  'ï',
  '[0-9]+',
  'big\\s+data',
];
const REGEX_ATOMS = ['a', 't', 'o', 'n', 'y', 'é', '.', '\\s', '[a-d]', '(py|da)', '\\d'];

const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 12 })
  .map((parts) => parts.map(([word, sep]) => word + sep).join(''));
const flag = fc.constantFrom(0, 0, 0, 0, 0, 0, 1);

const corpusArb = fc
  .record({
    ids: fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { minLength: 5, maxLength: 24 }),
    fields: fc.array(
      fc.record({
        title: text,
        selftext: text,
        body: text,
        score: fc.integer({ min: -3, max: 12 }),
        count: fc.integer({ min: 0, max: 12 }),
        isDeleted: flag,
        isRemoved: flag,
        isPost: fc.boolean(),
      }),
      { minLength: 24, maxLength: 24 },
    ),
  })
  .map(({ ids, fields }) => {
    const posts: PostsTable[] = [];
    const comments: CommentsTable[] = [];
    ids.forEach((n, i) => {
      const f = fields[i]!;
      const common = { id: n.toString(36), score: f.score, is_deleted: f.isDeleted, is_removed: f.isRemoved };
      if (f.isPost)
        posts.push(makePost({ ...common, title: f.title, selftext: f.selftext, num_comments: f.count }));
      else comments.push(makeComment({ ...common, body: f.body, replies: f.count }));
    });
    return { posts, comments };
  });

const bound = fc.integer({ min: -2, max: 12 });
const loose = (n: number | null) => fc.constantFrom<unknown>(n, n === null ? '' : String(n));

const numericRule = fc.constantFrom('upvotes', 'comments', 'replies').chain((field) =>
  fc.oneof(
    fc
      .tuple(fc.option(bound), fc.option(bound))
      .map(
        ([a, b]) => (a !== null && b !== null && a > b ? [b, a] : [a, b]) as [number | null, number | null],
      )
      .chain(([a, b]) =>
        fc.oneof(
          fc.tuple(loose(a), loose(b)).map((value) => ({ field, operator: 'between', value })),
          a !== null && b !== null && a >= 0
            ? fc.constantFrom(
                { type: field, field, operator: 'greater than', value: `${a}-${b}` },
                { type: field, operator: 'between', value: `${a},${b}` },
              )
            : fc.constant({ field, operator: 'between', value: [a, b] }),
        ),
      ),
    fc
      .tuple(fc.constantFrom('>', '>=', '<', '<=', '=', 'greater than'), bound, fc.boolean())
      .map(([operator, n, asText]) => ({ field, operator, value: asText ? String(n) : n })),
  ),
);

const keywordTerm = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.constantFrom(...WORDS).map((w) => `${w.slice(0, Math.max(1, w.length - 2))}*`),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `"${a} ${b}"`),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a}.${b.slice(0, 2)}*`),
);
const keywordRule = fc
  .tuple(
    fc.constantFrom('keyword_contains', '=', 'equals', 'does_not_contain'),
    fc.oneof(
      fc.array(keywordTerm, { minLength: 1, maxLength: 1 }),
      fc.array(keywordTerm, { minLength: 1, maxLength: 3 }),
    ),
  )
  .map(([operator, terms]) => ({ type: 'keyword', field: 'keyword', operator, value: terms.join(' ') }));

const regexValue = fc.oneof(
  fc.constantFrom(...PATTERNS),
  fc
    .array(fc.tuple(fc.constantFrom(...REGEX_ATOMS), fc.constantFrom('', '', '?', '*', '+')), {
      minLength: 1,
      maxLength: 4,
    })
    .map((atoms) => atoms.map(([atom, q]) => atom + q).join('')),
);
const regexRule = fc
  .tuple(fc.constantFrom('regex_matches', 'regex_not_matches'), regexValue)
  .map(([operator, value]) => ({ field: 'regex', operator, value }));

const ruleArb = fc.oneof(keywordRule, keywordRule, regexRule, numericRule, numericRule);

// Groups nest up to 4 deep (the limit is 5), in either payload form, some empty, some under NOT.
function groupArb(depth: number): fc.Arbitrary<object> {
  const node = depth >= 4 ? ruleArb : fc.oneof(ruleArb, ruleArb, ruleArb, groupArb(depth + 1));
  return fc
    .tuple(
      fc.constantFrom('and', 'AND', 'or', 'OR'),
      fc.boolean(),
      fc.boolean(),
      fc.array(node, { minLength: depth === 1 ? 1 : 0, maxLength: 3 }),
    )
    .map(([combinator, not, isOrderForm, items]) =>
      isOrderForm ? { type: 'group', combinator, not, items } : { combinator, not, rules: items },
    );
}
const treeArb = groupArb(1);

const queryArb = fc.record({
  tree: treeArb,
  searchType: fc.constantFrom(...SEARCH_TYPES),
  resultCount: fc.integer({ min: 1, max: 14 }),
  cap: fc.integer({ min: 0, max: 20 }),
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe(`filter engine = reference evaluator (${TEST_DIALECT})`, () => {
  it('returns the same records in the same order for random corpora and trees (500 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        corpusArb,
        fc.array(queryArb, { minLength: 1, maxLength: 3 }),
        async (corpus, queries) => {
          await clearCorpus(database.db);
          await insertCorpus(database.db, corpus);
          for (const { tree, searchType, resultCount, cap } of queries) {
            const parsed = parseFilterTree(tree);
            if (!parsed.ok) throw new Error(parsed.errors.join('; '));
            const filters = parsed.tree;
            const engine = await searchCorpus(database.db, { filters, searchType, resultCount });
            const reference = evaluateSearch(corpus, { filters, searchType, resultCount });
            expect(engine.posts.map((p) => p.id)).toEqual(reference.posts.map((p) => p.id));
            expect(engine.comments.map((c) => c.id)).toEqual(reference.comments.map((c) => c.id));

            const total =
              (searchType === 'comments'
                ? 0
                : corpus.posts.filter((record) => recordMatches(filters, { type: 'posts', record })).length) +
              (searchType === 'posts'
                ? 0
                : corpus.comments.filter((record) => recordMatches(filters, { type: 'comments', record }))
                    .length);
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
  }, 120_000);
});
