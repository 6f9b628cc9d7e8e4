import type { OperationTable } from './openapi-tags.ts';

// The corpus's insights (issue 31): aggregations of a filter tree's matches and the public coverage figures.

const FILTERS = {
  combinator: 'and',
  rules: [
    { field: 'keyword', operator: 'keyword_contains', value: 'chatgpt' },
    { field: 'created', operator: 'between', value: ['2022-11-01', '2023-02-28'] },
  ],
};

const exact = (count: number) => ({ count, low: count, high: count });

/** An exact answer: a small match set, every match counted. */
const EXACT_AGGREGATIONS = {
  interval: 'month',
  histogram: {
    is_estimate: false,
    posts: [
      { start: '2022-11-01', ...exact(12) },
      { start: '2022-12-01', ...exact(840) },
      { start: '2023-01-01', ...exact(1203) },
      { start: '2023-02-01', ...exact(977) },
    ],
    comments: [],
  },
  top: {
    is_estimate: false,
    subreddit: [
      { name: 'ChatGPT', ...exact(1534) },
      { name: 'technology', ...exact(211) },
    ],
    author: [
      { name: 'AutoModerator', ...exact(96) },
      { name: 'quant_kate', ...exact(14) },
    ],
  },
};

export const CORPUS_OPERATIONS: OperationTable = {
  'POST /api/corpus/aggregate/': {
    tag: 'Dry runs & corpus',
    access: 'user',
    summary: 'Matches over time and the top communities, authors, domains and threads of a filter tree',
    description:
      'Signed-in users and API keys with the `read` scope; free, and counted as a dry run (the same body, limits and ' +
      'budget; 120 a minute per user, 429). Adds `interval` (day, week, month or year; a week starts on Monday, UTC) ' +
      'and `top` (subreddit, author, domain for posts, thread for comments; `top_limit` entries each, up to 100). ' +
      'Each part says `is_estimate`: a small match set is counted exactly; a large one is scaled up from a random ' +
      'sample of the corpus, each count with its 95 % range (`low`–`high`) and `sampled_matches` the matches it saw.',
    body: {
      search_type: 'posts',
      result_count: 500,
      filters: FILTERS,
      interval: 'month',
      top: ['subreddit', 'author'],
      top_limit: 2,
    },
    response: {
      status: 200,
      example: {
        matches: 3032,
        matches_is_estimate: false,
        matches_low: 3032,
        matches_high: 3032,
        ...EXACT_AGGREGATIONS,
      },
    },
  },
  'GET /api/corpus/coverage/': {
    tag: 'Dry runs & corpus',
    access: 'visitor',
    summary: 'What the corpus holds: records per month, the largest communities, its gaps',
    description:
      'No sign-in. Records per calendar month of creation (UTC) and type, the 50 largest communities, the newest ' +
      'retrieval, and the months below `gap_share` of the mean of the months either side, each said plainly. ' +
      '`sample` says whether the corpus is generated sample data (`all`), real (`none`) or both (`mixed`). Read from ' +
      'counts kept at ingest, never a scan of the corpus.',
    response: {
      status: 200,
      example: {
        months: [
          { month: '2023-05', posts: 41208, comments: 512733 },
          { month: '2023-06', posts: 39877, comments: 194310 },
          { month: '2023-07', posts: 40512, comments: 508911 },
        ],
        communities: [
          { name: 'AskReddit', records: 301882 },
          { name: 'datascience', records: 182340 },
        ],
        records: { posts: 121597, comments: 1215954 },
        latest_retrieved_at: '2024-01-02T03:04:05.000Z',
        sample: 'none',
        gap_share: 0.5,
        gaps: [
          {
            month: '2023-06',
            type: 'comments',
            records: 194310,
            neighbours: 510822,
            percent: 38,
            message:
              "2023-06: 38 % of the neighbouring months' comments — the dumps of that month are incomplete.",
          },
        ],
      },
    },
  },
};
