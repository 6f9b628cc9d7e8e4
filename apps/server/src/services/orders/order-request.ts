import { randomInt } from 'node:crypto';
import {
  checkThreadOptions,
  createOrderRequestSchema,
  describeFilterTree,
  ORDER_MESSAGES,
  resolveFileColumns,
  SAMPLE_SEED_MAX,
  type FileColumns,
  type SortOrder,
  type CreateOrderRequest,
  type FilterTree,
  type FormatType,
  type SearchType,
  type AuthorMode,
  type PseudonymScope,
  type ScrubKind,
  type Compression,
  type OrderSize,
} from '@threadcart/contracts';
import { WITH_RE2 } from '../../corpus/filters/parse-filter-tree.ts';
import { FieldErrors } from '../../errors.ts';

/**
 * The order payload at the server's edge (create, dry run, and a stored order or schedule read back): the contracts'
 * schema, `filters` parsed once into the canonical tree with RE2's check of every pattern.
 */
export const OrderRequestSchema = createOrderRequestSchema(WITH_RE2);

/**
 * A stored request (a schedule's, an order's row) through OrderRequestSchema; a request no longer valid is a 400
 * with the schema's messages by field, as the routes give it.
 */
export function parseStoredOrderRequest(input: unknown): CreateOrderRequest {
  const result = OrderRequestSchema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (fields[String(issue.path[0] ?? 'non_field_errors')] ??= []).push(issue.message);
  throw new FieldErrors(fields);
}

export interface ValidOrderRequest {
  readonly title: string;
  readonly searchType: SearchType;
  readonly formatType: FormatType;
  readonly resultCount: number;
  readonly filters: FilterTree;
  readonly queryString: string;
  readonly sort: SortOrder;
  /** random only; the seed the request gave, or one picked here */
  readonly sampleSeed: number | null;
  /** the chosen columns as sent (null = the default layout) and what each record type gets */
  readonly columns: readonly string[] | null;
  readonly fileColumns: FileColumns;
  /** leave out the records the user received in earlier orders (docs/decisions/029) */
  readonly excludePurchased: boolean;
  /** comments come with their thread context; posts with up to includeComments top comments (0: none) */
  readonly includeContext: boolean;
  readonly includeComments: number;
  /** how the file names authors (docs/decisions/036), whose secret makes pseudonyms, what the texts lose */
  readonly authors: AuthorMode;
  readonly pseudonyms: PseudonymScope;
  readonly scrub: readonly ScrubKind[];
  /** standard (1–1,000) or large (up to MAX_ORDER_RECORDS, docs/decisions/045) */
  readonly size: OrderSize;
  /** a large order's JSON, NDJSON or CSV file: gzip unless asked otherwise; null for the rest */
  readonly compression: Compression | null;
}

/** The formats a large order compresses; Parquet is compressed already and XLSX is a ZIP (decision 045). */
export const COMPRESSIBLE_FORMATS: readonly FormatType[] = ['json', 'ndjson', 'csv'];

function resolveCompression(body: CreateOrderRequest): Compression | null {
  const asked = body.compression ?? undefined;
  if (asked !== undefined && body.size !== 'large')
    throw new FieldErrors({ compression: [ORDER_MESSAGES.compressionWithoutLarge] });
  const isCompressible = COMPRESSIBLE_FORMATS.includes(body.format_type);
  if (asked !== undefined && asked !== 'none' && !isCompressible)
    throw new FieldErrors({ compression: [ORDER_MESSAGES.compressionFormat] });
  return body.size === 'large' && isCompressible ? (asked ?? 'gzip') : null;
}

/**
 * The checks across fields of a parsed order payload (the seed without random, the columns, the thread options) and
 * the title fallback "Search YYYY-MM-DD HH:mm" (UTC on the server; the web form sends the user's local time). The
 * filters arrive canonical and with at least one rule: OrderRequestSchema has parsed them.
 */
export function validateOrderRequest(
  body: CreateOrderRequest,
  now: Date,
  pickSeed: () => number = randomSeed,
): ValidOrderRequest {
  const { filters } = body;
  const sort = body.sort;
  const hasSeed = body.sample_seed !== null && body.sample_seed !== undefined;
  if (hasSeed && sort !== 'random')
    throw new FieldErrors({ sample_seed: [ORDER_MESSAGES.sampleSeedWithoutRandom] });
  const fileColumns = resolveFileColumns(body.search_type, body.columns);
  if ('error' in fileColumns) throw new FieldErrors({ columns: [fileColumns.error] });
  const threadErrors = checkThreadOptions(body);
  if (Object.keys(threadErrors).length > 0) throw new FieldErrors(threadErrors);
  const compression = resolveCompression(body);
  const title = body.title?.trim() || `Search ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
  return {
    title,
    searchType: body.search_type,
    formatType: body.format_type,
    resultCount: body.result_count,
    filters,
    queryString: describeFilterTree(filters),
    sort,
    sampleSeed: sort === 'random' ? (hasSeed ? body.sample_seed! : pickSeed()) : null,
    columns: body.columns ?? null,
    fileColumns,
    excludePurchased: body.exclude_purchased,
    includeContext: body.include_context,
    includeComments: body.include_comments,
    authors: body.authors,
    pseudonyms: body.pseudonyms,
    scrub: body.scrub,
    size: body.size,
    compression,
  };
}

/** A seed for a random sample when the request gives none: any of 0 … SAMPLE_SEED_MAX, uniformly. */
function randomSeed(): number {
  return randomInt(0, SAMPLE_SEED_MAX + 1);
}
