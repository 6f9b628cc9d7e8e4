/**
 * The landing page's sample records (docs/product.md §2.6): one post and two comments, with the fields the files
 * carry.
 */
export const SAMPLE_POST = {
  id: 't3_1c9x2kq',
  author: 'data_wrangler_42',
  title: 'What tools do you use to track brand mentions across subreddits?',
  selftext:
    'I run social listening for a small SaaS team. Manual searches no longer scale. What does your workflow look like?',
  score: 1284,
  num_comments: 213,
  created_utc: 1713456000,
  subreddit: 'marketing',
} as const;

export const SAMPLE_COMMENTS = [
  {
    id: 't1_kz8f3ab',
    author: 'growth_hacker_jo',
    body: 'We export weekly keyword batches and chart sentiment per subreddit. Cheap and surprisingly accurate.',
    score: 342,
    created_utc: 1713459600,
    parent_id: 't3_1c9x2kq',
    subreddit: 'marketing',
  },
  {
    id: 't1_kz8h7cd',
    author: 'nlp_researcher',
    body: 'For research we pull a few thousand comments per topic and run them through a topic model.',
    score: 127,
    created_utc: 1713463200,
    parent_id: 't3_1c9x2kq',
    subreddit: 'marketing',
  },
] as const;
