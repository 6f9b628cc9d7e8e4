import { POST_KINDS } from '@threadcart/contracts';
import fc from 'fast-check';
import type { CommentsTable, PostsTable } from '../src/db/tables/corpus.tables.ts';
import { makeComment, makePost } from './corpus-factories.ts';

// The random corpora and filter trees the property tests hold the engine to the reference evaluator with.

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

// Names in mixed case (they compare case-insensitively), flairs with case and substrings, a few domains.
const SUBREDDITS = ['science', 'AskScience', 'Python', 'python_', 'dataisbeautiful'];
const AUTHORS = ['alice', 'Bob', 'bob_2', '[deleted]', 'CAROL'];
const DOMAINS = ['youtube.com', 'i.redd.it', 'self.science', 'YouTu.be', 'example.org'];
const FLAIRS = ['', 'Discussion', 'discussion thread', 'Paper', 'META', 'Ünïcode'];
const DAY0 = Date.UTC(2022, 10, 1) / 1000 - 3_600;
const day = (offset: number) => new Date((DAY0 + offset * 86_400) * 1000).toISOString().slice(0, 10);

const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 12 })
  .map((parts) => parts.map(([word, sep]) => word + sep).join(''));
const flag = fc.constantFrom(0, 0, 0, 0, 0, 0, 1);

/** A random corpus of 5–24 posts and comments over four days, with near-miss words, names, flags and counts. */
export const corpusArb = fc
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
        subreddit: fc.constantFrom(...SUBREDDITS),
        author: fc.constantFrom(...AUTHORS),
        // Four days around midnights, to the second: whole-day bounds and date-times both bite.
        created: fc.integer({ min: DAY0, max: DAY0 + 4 * 86_400 }),
        nsfw: flag,
        postKind: fc.constantFrom(...POST_KINDS),
        domain: fc.constantFrom(...DOMAINS),
        flair: fc.constantFrom(...FLAIRS),
      }),
      { minLength: 24, maxLength: 24 },
    ),
  })
  .map(({ ids, fields }) => {
    const posts: PostsTable[] = [];
    const comments: CommentsTable[] = [];
    ids.forEach((n, i) => {
      const f = fields[i]!;
      const common = {
        id: n.toString(36),
        score: f.score,
        is_deleted: f.isDeleted,
        is_removed: f.isRemoved,
        subreddit: f.subreddit,
        author: f.author,
        created_utc: f.created,
        over_18: f.nsfw,
      };
      if (f.isPost)
        posts.push(
          makePost({
            ...common,
            title: f.title,
            selftext: f.selftext,
            num_comments: f.count,
            post_kind: f.postKind,
            domain: f.domain,
            flair: f.flair,
          }),
        );
      else comments.push(makeComment({ ...common, body: f.body, replies: f.count }));
    });
    return { posts, comments };
  });

const namesRule = fc
  .tuple(
    fc.constantFrom(['subreddit', 'r/', SUBREDDITS], ['author', 'u/', AUTHORS], [
      'domain',
      '',
      DOMAINS,
    ] as const),
    fc.constantFrom('in', 'not_in'),
    fc.boolean(),
  )
  .chain(([[field, prefix, names], operator, asText]) =>
    fc
      .subarray([...names], { minLength: 1, maxLength: 3 })
      .map((picked) => picked.map((name, i) => (i % 2 === 0 ? name.toUpperCase() : `${prefix}${name}`)))
      .map((value) => ({ field, operator, value: asText ? value.join(', ') : value })),
  );
const dateValue = fc.oneof(
  fc.integer({ min: -1, max: 5 }).map(day),
  fc.integer({ min: -86_400, max: 5 * 86_400 }).map((s) => new Date((DAY0 + s) * 1000).toISOString()),
);
const dateRule = fc.oneof(
  fc
    .tuple(fc.option(dateValue, { nil: null }), fc.option(dateValue, { nil: null }))
    .filter(([a, b]) => a === null || b === null || a.slice(0, 10) < b.slice(0, 10))
    .map((value) => ({ field: 'created', operator: 'between', value })),
  fc
    .tuple(fc.constantFrom('>=', '<='), dateValue)
    .map(([operator, value]) => ({ field: 'created', operator, value })),
);
const flagRule = fc
  .tuple(fc.constantFrom('nsfw', 'nsfw', 'removed'), fc.boolean())
  .map(([field, value]) => ({ field, operator: '=', value }));
const kindRule = fc
  .tuple(fc.constantFrom('in', 'not_in'), fc.subarray([...POST_KINDS], { minLength: 1, maxLength: 3 }))
  .map(([operator, value]) => ({ field: 'post_kind', operator, value }));
const flairRule = fc
  .tuple(
    fc.constantFrom('contains', 'does_not_contain'),
    fc.constantFrom('discussion', 'PAPER', 'ta', 'ünï', 'x'),
  )
  .map(([operator, value]) => ({ field: 'flair', operator, value }));

const bound = fc.integer({ min: -2, max: 12 });
const loose = (n: number | null) => fc.constantFrom<unknown>(n, n === null ? '' : String(n));

const numericRule = fc.constantFrom('upvotes', 'comments', 'replies', 'comment_upvotes').chain((field) =>
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

const ruleArb = fc.oneof(
  keywordRule,
  keywordRule,
  regexRule,
  numericRule,
  numericRule,
  namesRule,
  dateRule,
  flagRule,
  kindRule,
  flairRule,
);

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
/** A random filter tree in either payload form: groups up to 4 deep, every field of the registry. */
export const treeArb = groupArb(1);
