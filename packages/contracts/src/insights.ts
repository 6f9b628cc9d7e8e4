import { z } from 'zod';
import { createOrderRequestSchema, PreviewResponseSchema } from './orders.ts';
import type { ParseFilterTreeOptions } from './filters.ts';

/** The bins a histogram of matches over created_utc may have (UTC; a week starts on Monday). */
export const AGGREGATE_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type AggregateInterval = (typeof AGGREGATE_INTERVALS)[number];
/** The fields a top list counts: a community, an author, a link's domain (posts), a thread (comments, by link_id). */
export const AGGREGATE_TOP_FIELDS = ['subreddit', 'author', 'domain', 'thread'] as const;
export type AggregateTopField = (typeof AGGREGATE_TOP_FIELDS)[number];
export const AGGREGATE_TOP_LIMIT_MAX = 100;
export const AGGREGATE_TOP_LIMIT_DEFAULT = 10;

export const AGGREGATE_MESSAGES = {
  interval: 'Choose day, week, month or year.',
  top: 'Choose top lists among subreddit, author, domain and thread, each once.',
  topLimit: `Ask for 1 to ${AGGREGATE_TOP_LIMIT_MAX} entries a top list.`,
} as const;

/** What to aggregate the matches of a filter tree by (docs/product.md §6.1's tree, the dry run's body). */
export const AggregationsRequestSchema = z.object({
  interval: z.enum(AGGREGATE_INTERVALS, AGGREGATE_MESSAGES.interval).default('month'),
  top: z
    .array(z.enum(AGGREGATE_TOP_FIELDS, AGGREGATE_MESSAGES.top), AGGREGATE_MESSAGES.top)
    .max(AGGREGATE_TOP_FIELDS.length, AGGREGATE_MESSAGES.top)
    .refine((fields) => new Set(fields).size === fields.length, AGGREGATE_MESSAGES.top)
    .default(['subreddit', 'author']),
  top_limit: z
    .number(AGGREGATE_MESSAGES.topLimit)
    .int(AGGREGATE_MESSAGES.topLimit)
    .min(1, AGGREGATE_MESSAGES.topLimit)
    .max(AGGREGATE_TOP_LIMIT_MAX, AGGREGATE_MESSAGES.topLimit)
    .default(AGGREGATE_TOP_LIMIT_DEFAULT),
});
export type AggregationsRequest = z.infer<typeof AggregationsRequestSchema>;

/**
 * POST /api/corpus/aggregate/: the dry run's body plus what to aggregate by. The server builds its own with RE2's
 * check of every pattern (as createOrderRequestSchema).
 */
export function createAggregateRequestSchema(options: ParseFilterTreeOptions = {}) {
  return createOrderRequestSchema(options).extend(AggregationsRequestSchema.shape);
}
export const AggregateRequestSchema = createAggregateRequestSchema();
export type AggregateRequest = z.infer<typeof AggregateRequestSchema>;

/** The dry run's body with the builder's optional `aggregations`: one request, one budget. */
export function createPreviewRequestSchema(options: ParseFilterTreeOptions = {}) {
  return createOrderRequestSchema(options).extend({ aggregations: AggregationsRequestSchema.optional() });
}

/** A count of the aggregation: exact (low = high = count) or an estimate with its 95 % range. */
const countFields = {
  count: z.number().int(),
  low: z.number().int(),
  high: z.number().int(),
};
export const HistogramBinSchema = z.object({
  /** the bin's first day, YYYY-MM-DD (UTC) */
  start: z.string(),
  ...countFields,
});
export type HistogramBin = z.infer<typeof HistogramBinSchema>;
export const TopEntrySchema = z.object({
  /** the subreddit, author or domain as stored; a thread's link_id (t3_…) */
  name: z.string(),
  /** threads only: the post's title, when the post is stored */
  title: z.string().optional(),
  ...countFields,
});
export type TopEntry = z.infer<typeof TopEntrySchema>;

/**
 * Matches over time per record type (bins without matches left out) and the top lists, largest first. Each part says
 * whether it is exact: every match counted, or scaled up from a random sample of the corpus with 95 % ranges.
 */
export const AggregationsSchema = z.object({
  interval: z.enum(AGGREGATE_INTERVALS),
  histogram: z.object({
    is_estimate: z.boolean(),
    posts: z.array(HistogramBinSchema),
    comments: z.array(HistogramBinSchema),
  }),
  top: z.object({
    is_estimate: z.boolean(),
    subreddit: z.array(TopEntrySchema).optional(),
    author: z.array(TopEntrySchema).optional(),
    domain: z.array(TopEntrySchema).optional(),
    thread: z.array(TopEntrySchema).optional(),
  }),
  /** an estimate: the matching records its random sample saw (the more, the narrower its ranges) */
  sampled_matches: z.number().int().optional(),
});
export type Aggregations = z.infer<typeof AggregationsSchema>;

/** The aggregate answer: the dry run's count of the same tree, then the aggregations. */
export const AggregateResponseSchema = z.object({
  matches: z.number().int(),
  matches_is_estimate: z.boolean(),
  matches_low: z.number().int(),
  matches_high: z.number().int(),
  ...AggregationsSchema.shape,
});
export type AggregateResponse = z.infer<typeof AggregateResponseSchema>;

/** The dry run's answer with the aggregations the body asked for. */
export const PreviewWithAggregationsResponseSchema = PreviewResponseSchema.extend({
  aggregations: AggregationsSchema.optional(),
});
export type PreviewWithAggregationsResponse = z.infer<typeof PreviewWithAggregationsResponseSchema>;

/** The first day (UTC, YYYY-MM-DD) of the bin holding an epoch second. */
export function binStart(createdUtc: number, interval: AggregateInterval): string {
  const date = new Date(createdUtc * 1000);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  const day =
    interval === 'year'
      ? new Date(Date.UTC(y, 0, 1))
      : interval === 'month'
        ? new Date(Date.UTC(y, m, 1))
        : interval === 'week'
          ? new Date(Date.UTC(y, m, d - ((date.getUTCDay() + 6) % 7)))
          : new Date(Date.UTC(y, m, d));
  return day.toISOString().slice(0, 10);
}

/** A month below this share of the mean of its two neighbours is listed as a gap on the coverage page. */
export const COVERAGE_GAP_SHARE = 0.5;
/** Neighbours with fewer records than this on average say nothing about a gap (a small or sample corpus). */
export const COVERAGE_GAP_MIN_NEIGHBOURS = 100;
export const COVERAGE_TOP_COMMUNITIES = 50;

/** GET /api/corpus/coverage/: what the corpus holds, from counts kept at ingest (no sign-in). */
export const CorpusCoverageSchema = z.object({
  /** records per calendar month of created_utc (UTC), oldest first */
  months: z.array(z.object({ month: z.string(), posts: z.number().int(), comments: z.number().int() })),
  /** the largest communities, posts and comments together */
  communities: z.array(z.object({ name: z.string(), records: z.number().int() })),
  records: z.object({ posts: z.number().int(), comments: z.number().int() }),
  /** the newest retrieval of any record, ISO 8601; null for an empty corpus */
  latest_retrieved_at: z.string().nullable(),
  /** none: real data only; all: generated sample data only; mixed: both */
  sample: z.enum(['none', 'all', 'mixed']),
  /** the share of its neighbours' mean below which a month is a gap */
  gap_share: z.number(),
  gaps: z.array(
    z.object({
      month: z.string(),
      type: z.enum(['posts', 'comments']),
      records: z.number().int(),
      /** the mean of the months either side */
      neighbours: z.number().int(),
      /** records as a whole percentage of neighbours */
      percent: z.number().int(),
      message: z.string(),
    }),
  ),
});
export type CorpusCoverage = z.infer<typeof CorpusCoverageSchema>;

/** The plain sentence of a gap: "2023-06: 38 % of the neighbouring months' comments — …". */
export const coverageGapMessage = (month: string, percent: number, type: 'posts' | 'comments') =>
  `${month}: ${percent} % of the neighbouring months' ${type} — the dumps of that month are incomplete.`;
