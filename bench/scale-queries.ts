// The queries of bench:scale (bench/scale.ts): both presets, keywords, a phrase, indexed and literal-free regexes, a
// nested tree with NOT and a regex, and the hostile patterns four dry runs send at once while health is measured.
import { ORDER_PRESETS, type FilterTreeInput, type SearchType, type SortOrder } from '@threadcart/contracts';

export interface ScaleQuery {
  readonly name: string;
  readonly searchType: SearchType;
  readonly filters: FilterTreeInput;
  /** a keyword or a regex literal of 3+ characters: dry run ≤ 300 ms p95, order search ≤ 2 s p95 */
  readonly isIndexed: boolean;
  /** the order search's sort (default top) and, for random, its seed; the dry run ignores both (decision 018) */
  readonly sort?: SortOrder;
  readonly sampleSeed?: number;
}

/** Ten OR'd literal-free patterns (issue 36): each row costs RE2 ten runs, no index narrows them. */
const TEN_LITERAL_FREE = [
  '\\w{40,}',
  '[a-z]{25,}',
  '(\\w+\\s+){30,}\\d',
  '\\d{12,}',
  '[aeiou]{6,}',
  '[xyz]{5,}',
  '\\b[a-z]\\w{20}\\b',
  '[^\\s]{35,}',
  '\\s{8,}\\w',
  '[a-z]{4}[0-9]{4}[a-z]{4}',
];

export const rule = (field: string, operator: string, value: unknown) => ({ field, operator, value });
const preset = (name: string) => {
  const { searchType, filters } = ORDER_PRESETS.find((p) => p.name === name)!;
  return { searchType, filters };
};
const BASE_QUERIES: readonly ScaleQuery[] = [
  { name: 'High Quality Posts (preset)', ...preset('High Quality Posts'), isIndexed: true },
  { name: 'Active Comments (preset)', ...preset('Active Comments'), isIndexed: true },
  {
    name: 'keyword "python pandas", both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('keyword', 'keyword_contains', 'python pandas')] },
    isIndexed: true,
  },
  {
    name: 'phrase "big data", both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('keyword', 'keyword_contains', '"big data"')] },
    isIndexed: true,
  },
  {
    name: 'regex \\b(pandas|pytorch)\\b, both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('regex', 'regex_matches', '\\b(pandas|pytorch)\\b')] },
    isIndexed: true,
  },
  {
    name: 'rare regex zzq[0-9]+, comments (0 matches)',
    searchType: 'comments',
    filters: { combinator: 'and', rules: [rule('regex', 'regex_matches', 'zzq[0-9]+')] },
    isIndexed: true,
  },
  {
    name: 'literal-free regex \\w{40,}, both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('regex', 'regex_matches', '\\w{40,}')] },
    isIndexed: false,
  },
  {
    name: 'keyword "data", both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('keyword', 'keyword_contains', 'data')] },
    isIndexed: true,
  },
  {
    name: 'keyword "data" + r/science + November 2022 + not removed, both',
    searchType: 'both',
    filters: {
      combinator: 'and',
      rules: [
        rule('subreddit', 'in', ['science']),
        rule('created', 'between', ['2022-11-01', '2022-11-30']),
        rule('removed', '=', false),
        rule('keyword', 'keyword_contains', 'data'),
      ],
    },
    isIndexed: true,
  },
  {
    name: 'nested tree with NOT and a regex, both',
    searchType: 'both',
    filters: {
      combinator: 'and',
      rules: [
        {
          combinator: 'or',
          rules: [
            rule('keyword', 'keyword_contains', 'data'),
            rule('regex', 'regex_matches', 'pyth(on|onic)'),
          ],
        },
        { combinator: 'or', rules: [rule('upvotes', 'between', [50, null]), rule('replies', '>=', 3)] },
        { combinator: 'and', not: true, rules: [rule('keyword', 'keyword_contains', 'bug')] },
      ],
    },
    isIndexed: true,
  },
];

/**
 * The shapes of issue 36 (measured through the API, create → completed beside the search): a keyword with a NOT'd
 * regex, a two-word keyword, three OR'd literal regexes, a narrow tree with comment upvotes, ten OR'd literal-free
 * regexes (dry run only: its order reads every record, as the literal-free one above).
 */
export const ISSUE_36_QUERIES: readonly ScaleQuery[] = [
  {
    name: 'keyword docker AND NOT regex kube\\w+, comments',
    searchType: 'comments',
    filters: {
      combinator: 'and',
      rules: [rule('keyword', 'keyword_contains', 'docker'), rule('regex', 'regex_not_matches', 'kube\\w+')],
    },
    isIndexed: true,
  },
  {
    name: 'keyword "django flask", both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('keyword', 'keyword_contains', 'django flask')] },
    isIndexed: true,
  },
  {
    name: "three OR'd regexes gpu, cuda, tensor\\w*, both",
    searchType: 'both',
    filters: {
      combinator: 'or',
      rules: ['gpu', 'cuda', 'tensor\\w*'].map((p) => rule('regex', 'regex_matches', p)),
    },
    isIndexed: true,
  },
  {
    name: 'r/datascience + Q1 2021 + comment upvotes ≥ 5, comments',
    searchType: 'comments',
    filters: {
      combinator: 'and',
      rules: [
        rule('subreddit', 'in', ['datascience']),
        rule('created', 'between', ['2021-01-01', '2021-03-31']),
        rule('comment_upvotes', '>=', 5),
      ],
    },
    isIndexed: true,
  },
  {
    name: "ten OR'd literal-free regexes, both",
    searchType: 'both',
    filters: { combinator: 'or', rules: TEN_LITERAL_FREE.map((p) => rule('regex', 'regex_matches', p)) },
    isIndexed: false,
  },
];

const DATA = rule('keyword', 'keyword_contains', 'data');
const SCIENCE_2022 = [
  rule('subreddit', 'in', ['science']),
  rule('created', 'between', ['2022-01-01', '2022-12-31']),
];

/**
 * The sorts of issue 29, each walking its index to the limit (docs/decisions/039-random-samples-by-key.md): random
 * samples of 1,000 (a common word, two words, a subreddit's year), most discussed among high-scoring posts, newest
 * and oldest, and top with removed records admitted.
 */
export const ISSUE_29_QUERIES: readonly ScaleQuery[] = [
  {
    name: 'random sample of "data", both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [DATA] },
    isIndexed: true,
    sort: 'random',
    sampleSeed: 29,
  },
  {
    name: 'random sample of "python pandas", both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('keyword', 'keyword_contains', 'python pandas')] },
    isIndexed: true,
    sort: 'random',
    sampleSeed: 29,
  },
  {
    name: 'random sample of r/science in 2022, both',
    searchType: 'both',
    filters: { combinator: 'and', rules: SCIENCE_2022 },
    isIndexed: true,
    sort: 'random',
    sampleSeed: 29,
  },
  {
    name: 'most discussed posts with upvotes ≥ 1000',
    searchType: 'posts',
    filters: { combinator: 'and', rules: [rule('upvotes', '>=', 1000)] },
    isIndexed: true,
    sort: 'most_discussed',
  },
  {
    name: 'newest "data", both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [DATA] },
    isIndexed: true,
    sort: 'new',
  },
  {
    name: 'oldest "data", both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [DATA] },
    isIndexed: true,
    sort: 'old',
  },
  {
    name: 'top of r/science with removed records admitted, both',
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('subreddit', 'in', ['science']), rule('removed', '=', true)] },
    isIndexed: true,
  },
];

/** Literal-free patterns that RE2 can only run slowly: the API must stay responsive while four of them run. */
export const HOSTILE = ['[a-z][^x]{20}[0-9]{3}q', '(\\w+\\s+){30,80}\\d{9}', '(.*a){12}zz', '\\w{40,}'];

/** Every query bench:scale measures: the table's first ten, then issue 36's shapes, then issue 29's sorts. */
export const SCALE_QUERIES: readonly ScaleQuery[] = [
  ...BASE_QUERIES,
  ...ISSUE_36_QUERIES,
  ...ISSUE_29_QUERIES,
];
