import { z } from 'zod';
import { FORMAT_TYPES, SEARCH_TYPES, SORT_ORDERS } from './orders.ts';
import { AUTHOR_MODES, PSEUDONYM_SCOPES, SCRUB_KINDS, ScrubCountsSchema } from './privacy.ts';

/** Records of one kind in the corpus at an order's completion, and the latest retrieval among them. */
export const CorpusSliceSchema = z.object({
  records: z.number().int(),
  /** ISO time of the newest `retrieved_at`; null when there are no such records */
  latest_retrieved_at: z.string().nullable(),
});

/** One corpus ingest: the dump files read (base names), whether it was the generated sample, when it ended. */
export const CorpusSourceSchema = z.object({
  files: z.array(z.string()),
  is_sample: z.boolean(),
  finished_at: z.string(),
});

/** How many of the latest ingests a snapshot names. */
export const SNAPSHOT_SOURCES_MAX = 20;

/**
 * The corpus an order ran on, taken when it completed: per record type, real and generated sample data apart; and
 * the sources ingested (the latest SNAPSHOT_SOURCES_MAX ingests, newest first).
 */
export const CorpusSnapshotSchema = z.object({
  posts: z.object({ real: CorpusSliceSchema, sample: CorpusSliceSchema }),
  comments: z.object({ real: CorpusSliceSchema, sample: CorpusSliceSchema }),
  sources: z.array(CorpusSourceSchema),
  /**
   * What removal requests took out (docs/decisions/036): records erased, and the record ids and authors no ingest
   * stores again. Absent from manifests recorded before removals existed.
   */
  suppressed: z
    .object({ records_erased: z.number().int(), records: z.number().int(), authors: z.number().int() })
    .optional(),
});
export type CorpusSnapshot = z.infer<typeof CorpusSnapshotSchema>;

/** `GET /api/search-queries/{id}/manifest/`: what a completed order ran and delivered (docs/decisions/026). */
const DeliveredBinSchema = z.object({ start: z.string(), count: z.number().int() });
/** What an order delivered over time (issue 31): records per month, per type. */
export const DeliveredHistogramSchema = z.object({
  interval: z.literal('month'),
  posts: z.array(DeliveredBinSchema),
  comments: z.array(DeliveredBinSchema),
});
export type DeliveredHistogram = z.infer<typeof DeliveredHistogramSchema>;

export const OrderManifestSchema = z.object({
  manifest_version: z.literal(1),
  order_id: z.string(),
  title: z.string(),
  /** the canonical filter tree */
  filters: z.unknown(),
  /** the tree as SQL-style text */
  query_string: z.string(),
  search_type: z.enum(SEARCH_TYPES),
  sort: z.enum(SORT_ORDERS),
  sample_seed: z.number().int().nullable(),
  /** the chosen columns in order; null = the default layout */
  columns: z.array(z.string()).nullable(),
  /** the order left out the records its user had received in earlier orders */
  exclude_purchased: z.boolean(),
  /** comments came with their thread context */
  include_context: z.boolean(),
  /** posts came with up to this many top comments (0: none) */
  include_comments: z.number().int(),
  /** how the file names authors, and whose secret made the pseudonyms */
  authors: z.enum(AUTHOR_MODES),
  pseudonyms: z.enum(PSEUDONYM_SCOPES),
  /** the kinds of text scrubbed, and how many of each token the file's texts received (null: nothing scrubbed) */
  scrub: z.array(z.enum(SCRUB_KINDS)),
  scrub_counts: ScrubCountsSchema.nullable(),
  /** where a person in the data asks for their records to be removed */
  removal_url: z.string(),
  format_type: z.enum(FORMAT_TYPES),
  requested_count: z.number().int(),
  delivered_count: z.number().int(),
  /** null for an order completed before manifests were recorded */
  corpus_snapshot: CorpusSnapshotSchema.nullable(),
  file: z.object({
    name: z.string(),
    size_bytes: z.number().int(),
    /** hex SHA-256 of the file; null for an order completed before manifests were recorded */
    sha256: z.string().nullable(),
    content_type: z.string(),
    download_url: z.string(),
  }),
  /**
   * the delivered records per calendar month of creation (UTC) and type, oldest first; records erased on request
   * since the order completed are no longer counted
   */
  delivered_histogram: DeliveredHistogramSchema.optional(),
  created_at: z.string(),
  completed_at: z.string(),
  threadcart_version: z.string(),
  citation: z.object({ text: z.string(), bibtex: z.string() }),
});
export type OrderManifest = z.infer<typeof OrderManifestSchema>;

export const MANIFEST_MESSAGES = {
  notCompleted: 'This order has not completed yet; its manifest is ready when its file is.',
} as const;

/** Where a completed order's manifest is served. */
export const manifestUrl = (orderId: string) =>
  `/api/search-queries/${encodeURIComponent(orderId)}/manifest/`;
