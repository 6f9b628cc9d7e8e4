import { createHash } from 'node:crypto';
import {
  MAX_OPEN_ORDERS,
  ORDER_MESSAGES,
  type CreateOrderRequest,
  type DashboardStats,
  type Order,
  type AggregationsRequest,
  type PreviewResponse,
  type PreviewWithAggregationsResponse,
  type ScrubKind,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import { lockUserCredits } from '../../db/repositories/payments/credits.repository.ts';
import { findRecordBuyerId } from '../../db/repositories/orders/delivered-records.repository.ts';
import { snapshotCorpus } from '../../db/repositories/corpus/stats/corpus-stats.repository.ts';
import {
  countOpenOrders,
  countUserOrdersByStatus,
  findOrderByIdempotencyKey,
  findUserOrder,
  insertOrder,
  listUserOrders,
} from '../../db/repositories/orders/orders.repository.ts';
import type { OrderRow } from '../../db/tables/orders.tables.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { contentTypeFor } from '../../exports/index.ts';
import {
  DryRunBusyError,
  DryRunCancelledError,
  DryRunSupersededError,
} from '../corpus/search/dry-run/dry-run-pool.ts';
import { getBalance, reserveCredits } from '../payments/ledger.service.ts';
import { validateOrderRequest, type ValidOrderRequest } from './order-request.ts';
import { assertCorpusSearchable } from '../corpus/ingest/corpus-deferred.service.ts';
import { isSampleCorpusLoading } from '../operations/service-status.service.ts';
import { assertScanBudget, describeScan, planLane } from './scan-budget.service.ts';

/** How long a user with too many open orders is asked to wait before placing another. */
const OPEN_ORDERS_RETRY_AFTER_SECONDS = 30;

/**
 * Places an order: the order row and its credit reservation commit together or not at all (402 when the balance is
 * short; 429 when a full-scan order would pass the user's daily scan budget, decision 038). With an idempotency key, a retry returns the first order instead of placing a second one.
 */
export async function placeOrder(
  deps: Deps,
  userId: string,
  body: CreateOrderRequest,
  idempotencyKey?: string,
): Promise<{ order: Order; isReplay: boolean }> {
  const now = deps.clock.now();
  const request = validateOrderRequest(body, now);
  const requestHash = hashRequest(request, body.title, body.sample_seed);
  const placed = await withTransaction(deps.db, async (trx) => {
    await lockUserCredits(trx, userId);
    if (idempotencyKey) {
      const existing = await findOrderByIdempotencyKey(trx, userId, idempotencyKey);
      if (existing && existing.request_hash !== requestHash)
        throw conflict(ORDER_MESSAGES.idempotencyConflict);
      if (existing) return { order: toOrder(existing), isReplay: true };
    }
    // When one of them finishes is not known: Retry-After says when asking again is reasonable (decision 028).
    if ((await countOpenOrders(trx, userId)) >= MAX_OPEN_ORDERS)
      throw new AppError(429, ORDER_MESSAGES.tooManyOpenOrders, 'too_many_open_orders', {
        'retry-after': String(OPEN_ORDERS_RETRY_AFTER_SECONDS),
      });
    // A search no index narrows runs in the scan lane and is paid from the daily scan budget (decision 038).
    const lane = await planLane(trx, request);
    await assertScanBudget(deps, trx, userId, lane, now);
    const { reservationId } = await reserveCredits(trx, { userId, amount: request.resultCount, now });
    const id = newId(now.getTime());
    const nowIso = now.toISOString();
    await insertOrder(trx, {
      id,
      user_id: userId,
      title: request.title,
      search_type: request.searchType,
      format_type: request.formatType,
      result_count: request.resultCount,
      filters: JSON.stringify(request.filters),
      query_string: request.queryString,
      sort: request.sort,
      sample_seed: request.sampleSeed,
      columns: request.columns === null ? null : JSON.stringify(request.columns),
      exclude_purchased: request.excludePurchased ? 1 : 0,
      include_context: request.includeContext ? 1 : 0,
      include_comments: request.includeComments,
      authors: request.authors,
      pseudonyms: request.pseudonyms,
      scrub: request.scrub.length === 0 ? null : JSON.stringify(request.scrub),
      status: 'pending',
      lane: lane.lane,
      scan_records: lane.scanRecords,
      reservation_id: reservationId,
      idempotency_key: idempotencyKey ?? null,
      request_hash: requestHash,
      next_attempt_at: nowIso,
      created_at: nowIso,
      updated_at: nowIso,
    });
    const order = await findUserOrder(trx, userId, id);
    return { order: toOrder(order!), isReplay: false };
  });
  // The worker claims it now rather than at its next poll (a caller's outer transaction may still hold it back).
  if (!placed.isReplay) deps.ordersQueued.notify();
  return placed;
}

/** The most orders the list returns (newest first). */
export const ORDER_LIST_LIMIT = 500;
/** Orders read per page when the list is streamed: one page is the most any turn of the event loop handles. */
const ORDER_LIST_PAGE = 25;

/**
 * The caller's orders as the JSON text of the list, produced page by page: each order carries its filter tree (up to
 * the body limit each), so 500 of them can be 100+ MB; read and written in pages of ORDER_LIST_PAGE, no single turn
 * of the event loop reads or serialises more than one page (decision 028).
 */
export async function* streamOrderList(deps: Deps, userId: string): AsyncGenerator<string> {
  let after: { createdAt: string; id: string } | undefined;
  let sent = 0;
  yield '[';
  while (sent < ORDER_LIST_LIMIT) {
    const rows = await listUserOrders(
      deps.db,
      userId,
      Math.min(ORDER_LIST_PAGE, ORDER_LIST_LIMIT - sent),
      after,
    );
    for (const row of rows) {
      yield `${sent === 0 ? '' : ','}${JSON.stringify(toOrder(row))}`;
      sent += 1;
    }
    if (rows.length < ORDER_LIST_PAGE) break;
    const last = rows.at(-1)!;
    after = { createdAt: last.created_at, id: last.id };
  }
  yield ']';
}

/** One of the caller's orders; 404 for anyone else's. */
export async function getOrder(deps: Deps, userId: string, orderId: string): Promise<Order> {
  const row = await findUserOrder(deps.db, userId, orderId);
  if (!row) throw notFound();
  return toOrder(row);
}

/** The dashboard counters of docs/product.md §6.2 plus the balance. */
export async function getDashboardStats(deps: Deps, userId: string): Promise<DashboardStats> {
  const [counts, corpus] = await Promise.all([
    countUserOrdersByStatus(deps.db, userId),
    snapshotCorpus(deps.db),
  ]);
  const n = (...statuses: string[]) => statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  // corpus_totals: four rows kept by ingest, not a count of the corpus.
  const sample = corpus.posts.sample.records + corpus.comments.sample.records;
  const real = corpus.posts.real.records + corpus.comments.real.records;
  return {
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    completed: n('completed'),
    in_progress: n('pending', 'processing', 'in_progress'),
    failed: n('failed', 'error'),
    credits: await getBalance(deps.db, userId, deps.clock.now()),
    corpus_sample: sample === 0 ? 'none' : real === 0 ? 'all' : 'mixed',
  };
}

/**
 * The free dry run: how many records match (exact when it finishes within the budget, else an estimate with its
 * range), what the order would cost, and 5 sample records. The corpus work runs in a dry-run thread; aborting the
 * signal (the client went away) ends it. 503 when the threads are saturated or the dry run overran, and
 * corpus_bulk_loading while a bulk ingest has the search indexes deferred.
 */
export async function previewOrder(
  deps: Deps,
  userId: string,
  body: CreateOrderRequest & { readonly aggregations?: AggregationsRequest },
  signal?: AbortSignal,
): Promise<PreviewWithAggregationsResponse> {
  const startedAt = Date.now();
  const request = validateOrderRequest(body, deps.clock.now());
  // With exclude_purchased the count is of the records the user has not received: what the order would charge.
  const excludeBuyerId = request.excludePurchased ? await findRecordBuyerId(deps.db, userId) : undefined;
  const query = {
    filters: request.filters,
    searchType: request.searchType,
    resultCount: request.resultCount,
    ...(excludeBuyerId === undefined ? {} : { excludeBuyerId }),
    ...(body.aggregations ? { aggregations: body.aggregations } : {}),
  };
  // While a bulk load has the search indexes deferred a search would miss records: none runs (decision 027).
  await assertCorpusSearchable(deps);
  // While the sample corpus loads its counts change by the second: nothing is cached then.
  const isCorpusLoading = await isSampleCorpusLoading(deps);
  let found = isCorpusLoading ? undefined : deps.dryRunCache.get(query);
  try {
    found ??= await deps.dryRuns.run(query, { startedAt, signal, userId });
  } catch (error) {
    if (error instanceof DryRunBusyError) throw new AppError(503, ORDER_MESSAGES.dryRunBusy, 'dry_run_busy');
    if (error instanceof DryRunSupersededError)
      throw new AppError(
        409,
        ORDER_MESSAGES.dryRunSuperseded(deps.config.dryRun.perUserAtOnce),
        'dry_run_superseded',
      );
    if (error instanceof DryRunCancelledError)
      throw signal?.aborted
        ? new AppError(499, 'The client closed the request.', 'client_closed')
        : new AppError(503, ORDER_MESSAGES.dryRunTooSlow, 'dry_run_overrun');
    throw error;
  }
  // A bulk load that started meanwhile may have changed what the dry run read.
  await assertCorpusSearchable(deps);
  if (!isCorpusLoading) deps.dryRunCache.set(query, found);
  const credits = await getBalance(deps.db, userId, deps.clock.now());
  // A search no index narrows reads the whole corpus: the dry run says how long and what the budget has left.
  const scan = await describeScan(deps, userId, await planLane(deps.db, request), deps.clock.now());
  // Credits needed are exact when the count is, or when at least result_count matches were counted for sure.
  const sure = found.counted >= request.resultCount ? request.resultCount : undefined;
  return {
    matches: found.matches,
    matches_capped: found.isCapped,
    matches_is_estimate: found.isEstimate,
    matches_low: found.low,
    matches_high: found.high,
    ...(found.byType
      ? {
          matches_by_type: found.byType.map((part) => ({
            type: part.type,
            matches: part.matches,
            is_estimate: part.isEstimate,
            low: part.low,
            high: part.high,
          })),
        }
      : {}),
    credits_needed: sure ?? Math.min(request.resultCount, found.matches),
    credits,
    sample: found.sample as unknown as PreviewResponse['sample'],
    corpus_loading: isCorpusLoading,
    ...(scan ? { scan } : {}),
    ...(found.aggregations ? { aggregations: found.aggregations } : {}),
  };
}

/** The delivered file of one of the caller's orders, as a stream with its name and type. */
export async function openOrderFile(deps: Deps, userId: string, orderId: string) {
  const row = await findUserOrder(deps.db, userId, orderId);
  if (!row) throw notFound();
  const file = row.file_key ? await deps.storage.open(row.file_key) : undefined;
  if (!file || !row.file_name) throw new AppError(404, ORDER_MESSAGES.noFile, 'no_file');
  return { ...file, fileName: row.file_name, contentType: contentTypeFor(row.format_type) };
}

/**
 * The payload's fingerprint for the Idempotency-Key check: the title as sent (not the generated default, which
 * changes with the minute, so a retry a minute later still counts as the same order) and the canonical tree.
 */
function hashRequest(
  request: ValidOrderRequest,
  sentTitle: string | null | undefined,
  sentSeed: number | null | undefined,
): string {
  const { searchType, formatType, resultCount, filters, sort, columns } = request;
  const title = sentTitle?.trim() ?? '';
  // The seed as sent, like the title: a retry without a seed is the same order although a new one was picked.
  const seed = sentSeed ?? null;
  // Today's orders hash as they did before sort, seed and columns existed (their keys stay valid).
  const options = sort === 'top' && columns === null ? {} : { sort, seed, columns };
  // Likewise each later option only when it is on.
  const { excludePurchased, includeContext, includeComments, authors, pseudonyms, scrub } = request;
  const delivery = {
    ...(excludePurchased ? { excludePurchased } : {}),
    ...(includeContext ? { includeContext } : {}),
    ...(includeComments > 0 ? { includeComments } : {}),
    ...(authors === 'as_is' ? {} : { authors, pseudonyms }),
    ...(scrub.length > 0 ? { scrub } : {}),
  };
  return createHash('sha256')
    .update(JSON.stringify({ title, searchType, formatType, resultCount, filters, ...options, ...delivery }))
    .digest('hex');
}

/** A row as the API shows it (the fields of docs/product.md §6.8, progress and charges included). */
export function toOrder(row: OrderRow): Order {
  const hasFile = row.file_key !== null && row.file_name !== null;
  return {
    id: row.id,
    title: row.title,
    timestamp: row.created_at,
    search_type: row.search_type,
    format_type: row.format_type,
    result_count: row.result_count,
    status: row.status,
    query_string: row.query_string,
    filters: JSON.parse(row.filters) as unknown,
    there_is_file: hasFile,
    file_name: row.file_name,
    result_files: hasFile
      ? [
          {
            file_name: row.file_name!,
            content_type: contentTypeFor(row.format_type),
            size_bytes: Number(row.file_size ?? 0),
            download_url: `/api/download/${row.id}/`,
          },
        ]
      : [],
    records_delivered: row.records_delivered,
    credits_charged: row.credits_charged,
    progress: row.progress,
    error: row.error,
    ...orderOptionsOf(row),
  };
}

/** An order's delivery options as the API and the manifest give them. */
export function orderOptionsOf(row: OrderRow) {
  return {
    sort: row.sort,
    sample_seed: row.sample_seed === null ? null : Number(row.sample_seed),
    columns: row.columns === null ? null : (JSON.parse(row.columns) as string[]),
    exclude_purchased: Number(row.exclude_purchased) === 1,
    include_context: Number(row.include_context) === 1,
    include_comments: Number(row.include_comments),
    authors: row.authors,
    pseudonyms: row.pseudonyms,
    scrub: row.scrub === null ? [] : (JSON.parse(row.scrub) as ScrubKind[]),
  };
}
