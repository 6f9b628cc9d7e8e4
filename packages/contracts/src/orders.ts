import { z } from 'zod';
import { FILTER_TREE_JSON_SCHEMA } from './filter-docs.ts';
import { AUTHOR_MODES, PRIVACY_HELP, PSEUDONYM_SCOPES, SCRUB_KINDS } from './privacy.ts';
import {
  countFilterRules,
  filterTreeSchema,
  type FilterTree,
  type ParseFilterTreeOptions,
} from './filters.ts';

export const SEARCH_TYPES = ['posts', 'comments', 'both'] as const;
export const FORMAT_TYPES = ['json', 'csv', 'xlsx', 'ndjson', 'parquet'] as const;
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const RESULT_COUNT_MIN = 1;
export const RESULT_COUNT_MAX = 1000;
export const TITLE_MAX_LENGTH = 200;
/** The preview counts exactly up to this many matches, then says "at least". */
export const PREVIEW_MATCH_CAP = 100_000;
/**
 * An estimate whose 95 % range spans more than this factor (high over low, low at least 1) has no point worth
 * showing: it is said as "between low and high" alone (docs/decisions/035-postgresql-at-10m.md).
 */
export const ESTIMATE_POINT_MAX_SPREAD = 10;

/** Whether an estimate's range [low, high] is tight enough for its point value to be shown. */
export const isEstimatePointShown = (low: number, high: number) =>
  high <= ESTIMATE_POINT_MAX_SPREAD * Math.max(1, low);
/** Orders a user may have waiting or running at once (docs/decisions/019-fair-order-queue.md). */
export const MAX_OPEN_ORDERS = 10;
/** Dry runs a user may ask for per minute (the builder sends one per pause in typing). */
export const DRY_RUNS_PER_MINUTE = 120;

export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Result orders (docs/decisions/017-filter-fields.md): top = score, highest first, then id (the default); new /
 * old = creation time, newest / oldest first, then id in the same direction; most_discussed = posts by comment count,
 * comments by replies, then score and id; random = a uniform random sample of all matches, reproducible by seed.
 */
export const SORT_ORDERS = ['top', 'new', 'old', 'most_discussed', 'random'] as const;
/** How often a scheduled order is placed again (docs/decisions/030-webhooks-and-schedules.md). */
export const SCHEDULE_CADENCES = ['daily', 'weekly'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SAMPLE_SEED_MAX = 2_147_483_647;
/** The most top comments an order may nest under each post (`include_comments`). */
export const INCLUDE_COMMENTS_MAX = 50;

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
/** How many of FILE_COLUMNS make today's layout (the columns a file has when none are chosen). */
export const DEFAULT_COLUMN_COUNT = { posts: 10, comments: 10 } as const;
export const defaultColumns = (type: 'posts' | 'comments'): readonly FileColumn[] =>
  FILE_COLUMNS[type].slice(0, DEFAULT_COLUMN_COUNT[type]);

/** The columns of each record type in a file, in the chosen order. */
export interface FileColumns {
  readonly posts: readonly FileColumn[];
  readonly comments: readonly FileColumn[];
  /** both kinds' columns in one order (a `both` CSV): the chosen order, or the posts' then the comment-only ones */
  readonly all: readonly FileColumn[];
}

/**
 * Resolves an order's `columns` choice: each record type keeps the chosen columns it has, in the chosen order;
 * null or undefined means today's layout. Returns the message of the first problem instead: an empty list, a
 * column the search type's records do not have, a column chosen twice, or a record type left without columns.
 */
export function resolveFileColumns(
  searchType: SearchType,
  columns: readonly string[] | null | undefined,
): FileColumns | { readonly error: string } {
  if (columns === null || columns === undefined) {
    const posts = defaultColumns('posts');
    const comments = defaultColumns('comments');
    return { posts, comments, all: [...posts, ...comments.filter((c) => !posts.includes(c))] };
  }
  if (columns.length === 0) return { error: ORDER_MESSAGES.columnsEmpty };
  const types = searchType === 'both' ? (['posts', 'comments'] as const) : [searchType];
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column)) return { error: ORDER_MESSAGES.columnRepeated(column) };
    seen.add(column);
    if (!types.some((type) => (FILE_COLUMNS[type] as readonly string[]).includes(column)))
      return { error: ORDER_MESSAGES.columnUnknown(column, searchType) };
  }
  const pick = (type: 'posts' | 'comments') =>
    columns.filter((c): c is FileColumn => (FILE_COLUMNS[type] as readonly string[]).includes(c));
  const chosen = { posts: pick('posts'), comments: pick('comments') };
  for (const type of types)
    if (chosen[type].length === 0) return { error: ORDER_MESSAGES.columnsNoneFor(type) };
  return { ...chosen, all: columns as readonly FileColumn[] };
}
export type FormatType = (typeof FORMAT_TYPES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_MESSAGES = {
  addFilter: 'Please add at least one filter.',
  resultCount: `Ensure this value is a whole number from ${RESULT_COUNT_MIN} to ${RESULT_COUNT_MAX}.`,
  searchType: 'Choose posts, comments or both.',
  sort: 'Choose top, new, old, most_discussed or random.',
  sampleSeed: `Ensure the sample seed is a whole number from 0 to ${SAMPLE_SEED_MAX}.`,
  sampleSeedWithoutRandom: 'A sample seed only applies to the random sort.',
  columnsEmpty: 'Choose at least one column, or leave the columns out for the default layout.',
  columnUnknown: (column: string, searchType: SearchType) =>
    `The column "${column}" is not one of the ${searchType === 'both' ? 'post or comment' : searchType.slice(0, -1)} columns.`,
  columnRepeated: (column: string) => `The column "${column}" is chosen twice.`,
  columnsNoneFor: (type: 'posts' | 'comments') =>
    `The chosen columns leave the ${type} without any column; add at least one ${type.slice(0, -1)} column.`,
  formatType: 'Choose json, csv, xlsx, ndjson or parquet.',
  excludePurchased: 'Choose true or false for exclude_purchased.',
  includeContext: 'Choose true or false for include_context.',
  includeComments: `Ensure include_comments is a whole number from 0 to ${INCLUDE_COMMENTS_MAX}.`,
  includeContextWithoutComments:
    'Thread context comes with comments: choose comments or both, or leave include_context out.',
  includeCommentsWithoutPosts:
    'Top comments come with posts: choose posts or both, or leave include_comments out.',
  includeCommentsFormat:
    'Top comments are nested in JSON and NDJSON files only: choose json or ndjson, or leave include_comments out.',
  schedule: 'Choose daily or weekly for schedule, or leave it out for a one-time order.',
  authors: 'Choose as_is, pseudonymised or omitted for authors.',
  pseudonyms: 'Choose per_order or per_account for pseudonyms.',
  scrub: 'Choose any of emails, phones, urls and mentions for scrub.',
  scrubRepeated: 'Each kind of scrub may be chosen once.',
  titleTooLong: `Ensure this field has no more than ${TITLE_MAX_LENGTH} characters.`,
  noFile: 'This order has no file yet.',
  dryRunBusy: 'Too many dry runs are running right now; try again in a moment.',
  corpusLoading: 'The sample corpus is still loading',
  corpusBulkLoading:
    'The corpus is being bulk loaded and its search indexes are being rebuilt; search is back when the load finishes.',
  dryRunTooSlow: 'The dry run could not finish in time; try again, or narrow the filters.',
  dryRunSuperseded: (atOnce: number) =>
    `This dry run was stopped because you started newer ones; at most ${atOnce} of your dry runs run at once.`,
  dryRunsThrottled: (seconds: number) =>
    `Too many dry runs in a minute; the next one can run in ${seconds} seconds.`,
  idempotencyConflict: 'This Idempotency-Key was already used for a different order.',
  tooManyOpenOrders: `You already have ${MAX_OPEN_ORDERS} orders waiting or running; place this one when one of them has finished.`,
  /** A full-scan order past the user's daily scan budget (docs/decisions/038-scan-lane-and-budget.md). */
  scanBudgetSpent: (needed: number, left: number, resetsAt: string) =>
    `This search reads the whole corpus (${needed.toLocaleString('en-US')} records) and your daily scan budget has ` +
    `${left.toLocaleString('en-US')} records left; it resets at ${resetsAt}. Add a keyword, a regex with a literal ` +
    'of 3+ characters, a subreddit, an author or a date range so that an index narrows the search.',
} as const;

/**
 * An order's `filters`: filterTreeSchema (parseFilterTree: the canonical tree, messages that name each bad rule);
 * absent, null, or a tree left without any rule is "Please add at least one filter." (docs/product.md §10.8).
 */
function orderFiltersSchema(options: ParseFilterTreeOptions) {
  const addFilter = (ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void }) => {
    ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.addFilter });
    return z.NEVER;
  };
  return z
    .unknown()
    .transform((input, ctx): unknown => (input === undefined || input === null ? addFilter(ctx) : input))
    .pipe(filterTreeSchema(options))
    .transform((tree, ctx): FilterTree => (countFilterRules(tree) > 0 ? tree : addFilter(ctx)))
    .meta(FILTER_TREE_JSON_SCHEMA);
}

/**
 * The order request payload of docs/product.md §6.1, `filters` normalised to the canonical tree. The server builds its own with
 * RE2's check of every pattern in `options` (contracts cannot load RE2); the exported schema has no regex check.
 */
export function createOrderRequestSchema(options: ParseFilterTreeOptions = {}) {
  return z.object({
    title: z.string().max(TITLE_MAX_LENGTH, ORDER_MESSAGES.titleTooLong).optional().nullable(),
    search_type: z.enum(SEARCH_TYPES, ORDER_MESSAGES.searchType).default('posts'),
    format_type: z.enum(FORMAT_TYPES, ORDER_MESSAGES.formatType).default('json'),
    result_count: z
      .number(ORDER_MESSAGES.resultCount)
      .int(ORDER_MESSAGES.resultCount)
      .min(RESULT_COUNT_MIN, ORDER_MESSAGES.resultCount)
      .max(RESULT_COUNT_MAX, ORDER_MESSAGES.resultCount),
    filters: orderFiltersSchema(options),
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
    exclude_purchased: z.boolean(ORDER_MESSAGES.excludePurchased).default(false).meta({
      description:
        'Leave out the records you received in your earlier orders: a re-run delivers, and charges for, new records only.',
    }),
    include_context: z
      .boolean(ORDER_MESSAGES.includeContext)
      .default(false)
      .meta({
        description:
          "Comments (and the comments of a `both` order) come with their post's id and title and their parent chain " +
          '(ids, authors, bodies); CSV, XLSX and Parquet add the columns post_title and parent_body. Not charged.',
      }),
    include_comments: z
      .number(ORDER_MESSAGES.includeComments)
      .int(ORDER_MESSAGES.includeComments)
      .min(0, ORDER_MESSAGES.includeComments)
      .max(INCLUDE_COMMENTS_MAX, ORDER_MESSAGES.includeComments)
      .default(0)
      .meta({
        description:
          'Posts (and the posts of a `both` order) come with up to this many of their top comments by score, nested ' +
          'in JSON and NDJSON files (refused for CSV, XLSX and Parquet). 0: none. Not charged.',
      }),
    authors: z.enum(AUTHOR_MODES, ORDER_MESSAGES.authors).default('as_is').meta({
      description: PRIVACY_HELP.authors,
    }),
    pseudonyms: z.enum(PSEUDONYM_SCOPES, ORDER_MESSAGES.pseudonyms).default('per_order').meta({
      description: PRIVACY_HELP.pseudonyms,
    }),
    scrub: z
      .array(z.enum(SCRUB_KINDS, ORDER_MESSAGES.scrub), ORDER_MESSAGES.scrub)
      .max(SCRUB_KINDS.length, ORDER_MESSAGES.scrubRepeated)
      .refine((kinds) => new Set(kinds).size === kinds.length, ORDER_MESSAGES.scrubRepeated)
      .default([])
      .meta({ description: PRIVACY_HELP.scrub }),
    schedule: z.enum(SCHEDULE_CADENCES, ORDER_MESSAGES.schedule).nullish().meta({
      description:
        'Place this order again every day or week: each run is a new order with exclude_purchased, charged as usual, skipped (with an e-mail) when credits are short.',
    }),
  });
}
export const CreateOrderRequestSchema = createOrderRequestSchema();
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;
/** What a client sends (to create an order or dry-run it): the defaults (sort, format, search type) may be left out. */
export type CreateOrderInput = z.input<typeof CreateOrderRequestSchema>;

export const ResultFileSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  download_url: z.string(),
});

/**
 * An order as the list, detail and create calls return it (the fields of docs/product.md §6.8, progress and charges
 * included).
 */
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
  sort: z.enum(SORT_ORDERS),
  /** the seed of a random sample (sort `random`), null otherwise */
  sample_seed: z.number().int().nullable(),
  /** the file's chosen columns in order; null means the default layout */
  columns: z.array(z.string()).nullable(),
  exclude_purchased: z.boolean(),
  include_context: z.boolean(),
  include_comments: z.number().int(),
  authors: z.enum(AUTHOR_MODES),
  pseudonyms: z.enum(PSEUDONYM_SCOPES),
  scrub: z.array(z.enum(SCRUB_KINDS)),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * An order as the dashboard reads it from the list: the contract's fields, lenient where older orders have gaps (an
 * unset status reads as pending, a missing title as "No title", the display-only statuses in_progress and error).
 */
export const DashboardOrderSchema = OrderSchema.partial().extend({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().nullish(),
  timestamp: z.string().nullish(),
  status: z.string().nullish(),
  query_string: z.string().nullish(),
  file_name: z.string().nullish(),
  progress: z.number().nullish(),
});
export type DashboardOrder = z.infer<typeof DashboardOrderSchema>;

/** `GET /api/search-queries/list/`: the caller's orders, newest first, as the dashboard reads them. */
export const DashboardOrderListResponseSchema = z.array(DashboardOrderSchema);

export const DashboardStatsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  in_progress: z.number().int(),
  failed: z.number().int(),
  credits: z.number().int(),
  /**
   * Whether the corpus holds generated sample data (issue 33): `all` on a fresh install, `mixed` once real dumps were
   * added beside it, `none` for real data only. The dashboard says so; files label each sample record.
   */
  corpus_sample: z.enum(['none', 'all', 'mixed']).optional(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const ScanEstimateSchema = z.object({
  records: z.number().int(),
  seconds: z.number().int(),
  budget_left: z.number().int(),
  budget: z.number().int(),
  /** when the budget starts again (the next midnight UTC), ISO 8601 */
  budget_resets_at: z.string(),
});
export type ScanEstimate = z.infer<typeof ScanEstimateSchema>;

export const PreviewResponseSchema = z.object({
  /**
   * the exact count, or an estimate's point value when matches_is_estimate (within the range; never 0 once a
   * match was seen; when the range spans more than ESTIMATE_POINT_MAX_SPREAD times, the UI shows the range alone)
   */
  matches: z.number().int(),
  /** the exact count stopped at PREVIEW_MATCH_CAP: there are at least that many */
  matches_capped: z.boolean(),
  /** the count is an estimate from a random sample (the exact count did not finish within the dry run's budget) */
  matches_is_estimate: z.boolean(),
  /** the 95 % range of the estimate (both equal to matches when it is exact) */
  matches_low: z.number().int(),
  matches_high: z.number().int(),
  /**
   * each record type's side of the count, exact or estimated on its own (docs/decisions/046-exact-counts-from-indexes.md):
   * a type an index counted stays exact when the other is estimated. Absent when the count stopped at the cap.
   */
  matches_by_type: z
    .array(
      z.object({
        type: z.enum(['posts', 'comments']),
        matches: z.number().int(),
        is_estimate: z.boolean(),
        low: z.number().int(),
        high: z.number().int(),
      }),
    )
    .optional(),
  credits_needed: z.number().int(),
  credits: z.number().int(),
  sample: z.array(z.record(z.string(), z.unknown())),
  /** the worker is still loading the sample corpus: the counts are of what it has loaded so far */
  corpus_loading: z.boolean().optional(),
  /**
   * present when no index narrows the search: the order reads every stored record of its types (the scan lane,
   * docs/decisions/038-scan-lane-and-budget.md). `records` is what it reads and counts against the daily scan budget,
   * `seconds` about how long that takes, `budget_left` what the user's budget has left today (of `budget`).
   */
  scan: ScanEstimateSchema.optional(),
});
export type PreviewResponse = z.infer<typeof PreviewResponseSchema>;
