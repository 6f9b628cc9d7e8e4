import { z } from 'zod';
import { FILTER_TREE_JSON_SCHEMA } from './filter-docs.ts';

export const SEARCH_TYPES = ['posts', 'comments', 'both'] as const;
export const FORMAT_TYPES = ['json', 'csv', 'xlsx'] as const;
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const RESULT_COUNT_MIN = 1;
export const RESULT_COUNT_MAX = 1000;
export const TITLE_MAX_LENGTH = 200;
/** The preview counts exactly up to this many matches, then says "at least". */
export const PREVIEW_MATCH_CAP = 100_000;

export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Result orders (docs/decisions/017-filter-fields.md): top = score, highest first, then id (the default); new /
 * old = creation time, newest / oldest first, then id in the same direction; most_discussed = posts by comment count,
 * comments by replies, then score and id; random = a uniform random sample of all matches, reproducible by seed.
 */
export const SORT_ORDERS = ['top', 'new', 'old', 'most_discussed', 'random'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SAMPLE_SEED_MAX = 2_147_483_647;

/** The columns an order file may carry, per record type: today's layout first, then the optional ones. */
export const FILE_COLUMNS = {
  posts: [
    'id',
    'author',
    'title',
    'selftext',
    'score',
    'num_comments',
    'created_utc',
    'subreddit',
    'permalink',
    'url',
    'nsfw',
    'removed',
    'post_kind',
    'domain',
    'flair',
    'retrieved_at',
  ],
  comments: [
    'id',
    'author',
    'body',
    'score',
    'created_utc',
    'parent_id',
    'link_id',
    'subreddit',
    'replies',
    'permalink',
    'nsfw',
    'removed',
    'retrieved_at',
  ],
} as const;
export type FileColumn = (typeof FILE_COLUMNS)['posts' | 'comments'][number];
export type FormatType = (typeof FORMAT_TYPES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_MESSAGES = {
  addFilter: 'Please add at least one filter.',
  resultCount: `Ensure this value is a whole number from ${RESULT_COUNT_MIN} to ${RESULT_COUNT_MAX}.`,
  searchType: 'Choose posts, comments or both.',
  sort: 'Choose top, new, old, most_discussed or random.',
  sampleSeed: `Ensure the sample seed is a whole number from 0 to ${SAMPLE_SEED_MAX}.`,
  formatType: 'Choose json, csv or xlsx.',
  titleTooLong: `Ensure this field has no more than ${TITLE_MAX_LENGTH} characters.`,
  noFile: 'This order has no file yet.',
  dryRunBusy: 'Too many dry runs are running right now; try again in a moment.',
  dryRunTooSlow: 'The dry run could not finish in time; try again, or narrow the filters.',
  idempotencyConflict: 'This Idempotency-Key was already used for a different order.',
} as const;

/** The order request payload of spec §3; `filters` is checked by parseFilterTree for rule-level messages. */
export const CreateOrderRequestSchema = z.object({
  title: z.string().max(TITLE_MAX_LENGTH, ORDER_MESSAGES.titleTooLong).optional().nullable(),
  search_type: z.enum(SEARCH_TYPES, ORDER_MESSAGES.searchType).default('posts'),
  format_type: z.enum(FORMAT_TYPES, ORDER_MESSAGES.formatType).default('json'),
  result_count: z
    .number(ORDER_MESSAGES.resultCount)
    .int(ORDER_MESSAGES.resultCount)
    .min(RESULT_COUNT_MIN, ORDER_MESSAGES.resultCount)
    .max(RESULT_COUNT_MAX, ORDER_MESSAGES.resultCount),
  // Validated by parseFilterTree (messages that name each rule); the schema documents the accepted forms.
  filters: z.unknown().meta(FILTER_TREE_JSON_SCHEMA),
  sort: z.enum(SORT_ORDERS, ORDER_MESSAGES.sort).default('top'),
  /** random only: the seed that makes the sample reproducible; the server picks one when absent */
  sample_seed: z
    .number(ORDER_MESSAGES.sampleSeed)
    .int(ORDER_MESSAGES.sampleSeed)
    .min(0, ORDER_MESSAGES.sampleSeed)
    .max(SAMPLE_SEED_MAX, ORDER_MESSAGES.sampleSeed)
    .nullish(),
  /** the file's columns and their order, from FILE_COLUMNS; absent means today's layout */
  columns: z.array(z.string().max(40)).max(40).nullish(),
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;
/** What a client sends: the defaults (sort, format, search type) may be left out. */
export type CreateOrderInput = z.input<typeof CreateOrderRequestSchema>;

/** The dry run takes the same payload; title and format do not matter to it. */
export const PreviewRequestSchema = CreateOrderRequestSchema;

export const ResultFileSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  download_url: z.string(),
});

/** An order as the list, detail and create calls return it (spec §3 fields plus progress and charges). */
export const OrderSchema = z.object({
  id: z.string(),
  title: z.string(),
  timestamp: z.string(),
  search_type: z.enum(SEARCH_TYPES),
  format_type: z.enum(FORMAT_TYPES),
  result_count: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  query_string: z.string(),
  filters: z.unknown(),
  there_is_file: z.boolean(),
  file_name: z.string().nullable(),
  result_files: z.array(ResultFileSchema),
  records_delivered: z.number().int().nullable(),
  credits_charged: z.number().int().nullable(),
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const DashboardStatsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  in_progress: z.number().int(),
  failed: z.number().int(),
  credits: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const PreviewResponseSchema = z.object({
  /** the exact count, or an estimate's point value when matches_is_estimate */
  matches: z.number().int(),
  /** the exact count stopped at PREVIEW_MATCH_CAP: there are at least that many */
  matches_capped: z.boolean(),
  /** the count is an estimate from a random sample (the exact count did not finish within the dry run's budget) */
  matches_is_estimate: z.boolean(),
  /** the 95 % range of the estimate (both equal to matches when it is exact) */
  matches_low: z.number().int(),
  matches_high: z.number().int(),
  credits_needed: z.number().int(),
  credits: z.number().int(),
  sample: z.array(z.record(z.string(), z.unknown())),
});
export type PreviewResponse = z.infer<typeof PreviewResponseSchema>;
