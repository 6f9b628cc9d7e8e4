import { resolveFileColumns, type FileColumns } from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  claimNextOrder,
  completeOrder,
  failOrder,
  renewLease,
  scheduleRetry,
  updateProgress,
} from '../../db/repositories/orders/orders.repository.ts';
import {
  deleteOrderDelivery,
  findRecordBuyerId,
  insertDeliveredRecords,
} from '../../db/repositories/orders/delivered-records.repository.ts';
import { produceLargeFile, type LargeDelivery } from './large/large-fulfilment.service.ts';
import type { OrderRow, WorkerLane } from '../../db/tables/orders.tables.ts';
import type { Deps } from '../../deps.ts';
import { fileNameForOrder, writeOrderFile } from '../../exports/index.ts';
import { parseFilterTreeWithRe2 } from '../../corpus/filters/parse-filter-tree.ts';
import { isCorpusBulkLoading } from '../corpus/ingest/corpus-deferred.service.ts';
import { searchCorpus } from '../corpus/search/corpus-search.service.ts';
import { takeCorpusSnapshot } from './order-manifest.service.ts';
import { releaseReservation, settleReservation } from '../payments/ledger.service.ts';
import { withThreadContext } from './thread-context.service.ts';
import { orderPrivacyOf } from '../privacy/order-privacy.service.ts';
import { recordOrderEvent } from '../operations/webhook-events.service.ts';
import { createStepTimer, type StepTimer } from '../../lib/step-timer.ts';
import { LeaseLostError } from './fulfilment-errors.ts';

/** The order's search ran past its time limit: retrying would not help. */
class SearchTimeLimitError extends Error {}
/** A bulk load deferred the search indexes while the order's search ran: its answer may miss records. */
class CorpusBulkLoadingError extends Error {}

/** What a queued order shows while it waits for a bulk load (docs/decisions/027-bulk-ingest.md). */
const BULK_LOADING_WAIT_MESSAGE = 'The corpus is being bulk loaded; this order runs when the load finishes.';

const PROGRESS_WRITE_INTERVAL_MS = 250;
/** The search's share of the progress bar; writing the file takes the rest. */
const SEARCH_PROGRESS_SHARE = 90;

/**
 * Claims the next runnable order of `lane` (either lane when left out) for this worker, or undefined when there is
 * none (see claimNextOrder).
 */
export async function claimOrder(
  deps: Deps,
  workerId: string,
  lane?: WorkerLane,
): Promise<OrderRow | undefined> {
  const now = deps.clock.now();
  return withTransaction(deps.db, (trx) =>
    claimNextOrder(trx, {
      workerId,
      lane,
      nowIso: now.toISOString(),
      leaseExpiresAt: new Date(now.getTime() + deps.config.worker.leaseMs).toISOString(),
    }),
  );
}

/**
 * Fulfils a claimed order: runs the query, writes the file under a temporary name and renames it into storage,
 * then in one transaction marks the order completed and returns the credits of undelivered records. The lease is
 * renewed while it works; every write is conditional on still holding it, so an order completes exactly once.
 * A failure is retried with backoff; after the last attempt the order fails and every reserved credit goes back.
 * The completion or the final failure writes the order's webhook event in its transaction (decision 030).
 */
export async function fulfilOrder(deps: Deps, order: OrderRow, workerId: string): Promise<void> {
  const { leaseMs, maxAttempts } = deps.config.worker;
  if (order.attempts > maxAttempts) {
    // The last attempt's worker died (its lease ran out): give up without trying again.
    await failAndRelease(deps, order, workerId, failureMessage(maxAttempts));
    return;
  }
  let isLeaseLost = false;
  // Stops a large order's walk between two pages when the lease is lost.
  const stopped = new AbortController();
  const renewal = setInterval(
    () => {
      const leaseExpiresAt = new Date(deps.clock.now().getTime() + leaseMs).toISOString();
      renewLease(deps.db, { orderId: order.id, workerId, leaseExpiresAt })
        .then((isHeld) => {
          isLeaseLost ||= !isHeld;
          if (isLeaseLost) stopped.abort(new LeaseLostError());
        })
        .catch((err: unknown) => deps.logger.warn({ err, orderId: order.id }, 'lease renewal failed'));
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  // Temp files are named per attempt: a worker cleans up only its own, never the file of the worker that took over.
  const tempPrefix = `${order.id}.${order.attempts}`;
  let committedKey: string | undefined;
  // Where the order's time goes, logged at debug level when it completes (README, "Reading an order's steps").
  const steps = createStepTimer();
  try {
    await deps.storage.removeTemps(order.id);
    const delivered: Delivery =
      order.size === 'large'
        ? await steps.time('large_file', () =>
            produceLargeFile(deps, order, workerId, {
              isLeaseLost: () => isLeaseLost,
              signal: stopped.signal,
            }),
          )
        : await produceFile(deps, order, workerId, tempPrefix, () => isLeaseLost, steps);
    committedKey = delivered.fileKey;
    const isCompleted = await steps.time('completion', () =>
      withTransaction(deps.db, async (trx) => {
        const now = deps.clock.now();
        const isDone = await steps.time('complete_order', () =>
          completeOrder(trx, { ...delivered, orderId: order.id, workerId, nowIso: now.toISOString() }),
        );
        if (isDone) {
          await steps.time('settle_credits', () =>
            settleReservation(trx, {
              reservationId: order.reservation_id,
              creditsUsed: delivered.recordsDelivered,
              now,
            }),
          );
          // What the user received, for later orders with exclude_purchased (docs/decisions/029); a large order
          // kept its records as it wrote them (decision 045).
          const { recordIds } = delivered;
          if (recordIds)
            await steps.time('delivered_records', () =>
              insertDeliveredRecords(trx, { orderId: order.id, userId: order.user_id, ...recordIds }),
            );
          await steps.time('webhook_event', () => recordOrderEvent(deps, trx, order.id, 'order.completed'));
        }
        return isDone;
      }),
    );
    if (!isCompleted) {
      await deps.storage.delete(delivered.fileKey);
      throw new LeaseLostError();
    }
    committedKey = undefined;
    if (order.size === 'large') await deps.storage.removeParts(order.id);
    deps.logger.info({ orderId: order.id, records: delivered.recordsDelivered }, 'order completed');
    deps.logger.debug(
      {
        orderId: order.id,
        records: delivered.recordsDelivered,
        format: order.format_type,
        queuedMs: Math.max(0, steps.startedAt - Date.parse(order.next_attempt_at)),
        ...steps.summary(),
      },
      'order steps',
    );
  } catch (error) {
    if (error instanceof LeaseLostError) {
      deps.logger.warn({ orderId: order.id }, 'lease lost: another worker owns this order now');
      return;
    }
    if (error instanceof CorpusBulkLoadingError) {
      // Not a failure: back in the queue with its attempt given back; the worker claims nothing until the load ends.
      await scheduleRetry(deps.db, {
        orderId: order.id,
        workerId,
        error: BULK_LOADING_WAIT_MESSAGE,
        nextAttemptAt: deps.clock.now().toISOString(),
        nowIso: deps.clock.now().toISOString(),
        isUncounted: true,
      });
      return;
    }
    if (error instanceof SearchTimeLimitError) {
      await failAndRelease(deps, order, workerId, searchTimeLimitMessage(deps.config.worker.searchTimeoutMs));
      return;
    }
    // A file committed by an attempt that did not complete belongs to no order: remove it before retrying.
    if (committedKey) await deps.storage.delete(committedKey).catch(() => undefined);
    await handleFailure(deps, order, workerId, error);
  } finally {
    clearInterval(renewal);
    await deps.storage.removeTemps(tempPrefix).catch(() => 0);
  }
}

async function produceFile(
  deps: Deps,
  order: OrderRow,
  workerId: string,
  tempPrefix: string,
  isLeaseLost: () => boolean,
  steps: StepTimer,
) {
  let lastProgressAt = 0;
  let pendingWrite: Promise<void> = Promise.resolve();
  // Progress is written at most every PROGRESS_WRITE_INTERVAL_MS; a write that finds the lease gone stops the work.
  const reportProgress = async (progress: number) => {
    const nowMs = Date.now();
    if (nowMs - lastProgressAt < PROGRESS_WRITE_INTERVAL_MS) return;
    lastProgressAt = nowMs;
    const isHeld = await updateProgress(deps.db, {
      orderId: order.id,
      workerId,
      progress: Math.min(99, Math.floor(progress)),
      nowIso: deps.clock.now().toISOString(),
    });
    if (!isHeld) throw new LeaseLostError();
  };
  const stopped = new AbortController();
  const excludeBuyerId =
    Number(order.exclude_purchased) === 1
      ? await steps.time('buyer', () => findRecordBuyerId(deps.db, order.user_id))
      : undefined;
  const limits = {
    deadline: Date.now() + deps.config.worker.searchTimeoutMs,
    signal: stopped.signal,
    onProgress: (fraction: number) => {
      if (isLeaseLost()) stopped.abort(new LeaseLostError());
      pendingWrite = pendingWrite
        .then(() => reportProgress(fraction * SEARCH_PROGRESS_SHARE))
        .catch((error: unknown) => stopped.abort(error));
    },
  };
  const query = {
    searchType: order.search_type,
    resultCount: order.result_count,
    sort: order.sort,
    ...(order.sample_seed === null ? {} : { sampleSeed: Number(order.sample_seed) }),
    ...(excludeBuyerId === undefined ? {} : { excludeBuyerId }),
  };
  // The stored tree was canonical when it was placed; it is parsed (and its patterns checked) once, here. A search
  // no index narrows runs in the scan thread, so that the indexed lane beside it keeps this event loop (decision 038).
  const result = await steps.time('search', () =>
    order.lane === 'scan'
      ? deps.scans.search({ ...query, filters: order.filters }, limits)
      : searchCorpus(
          deps.db,
          { ...query, filters: parseFilterTreeWithRe2(JSON.parse(order.filters)) },
          limits,
        ),
  );
  await steps.time('progress', () => pendingWrite);
  // A bulk load that began during the search (the worker claims nothing while one runs) may have hidden records.
  if (await steps.time('bulk_check', () => isCorpusBulkLoading(deps))) throw new CorpusBulkLoadingError();
  if (!result.isComplete) throw new SearchTimeLimitError();
  const total = result.posts.length + result.comments.length;
  const tempPath = await deps.storage.tempPath(tempPrefix);
  const onRecord = async (written: number) => {
    if (isLeaseLost()) throw new LeaseLostError();
    if (deps.config.worker.recordDelayMs > 0) await sleep(deps.config.worker.recordDelayMs);
    const share = 100 - SEARCH_PROGRESS_SHARE;
    await reportProgress(SEARCH_PROGRESS_SHARE + (written / Math.max(1, total)) * share);
  };
  const includeContext = Number(order.include_context) === 1;
  // Thread context is fetched batch by batch as the file is written (docs/decisions/029); it is not charged.
  const records = withThreadContext(deps.db, result, {
    includeContext,
    includeComments: Number(order.include_comments),
    format: order.format_type,
  });
  // Authors pseudonymised or omitted and texts scrubbed as the records stream to the writer (docs/decisions/036).
  const privacy = await orderPrivacyOf(deps, order);
  const written = await steps.time('file', () =>
    writeOrderFile({
      format: order.format_type,
      searchType: order.search_type,
      posts: privacy.posts(records.posts),
      comments: privacy.comments(records.comments),
      threadContext: includeContext,
      filePath: tempPath,
      title: order.title,
      columns: fileColumnsOf(order),
      sampleSeed: order.sample_seed === null ? null : Number(order.sample_seed),
      onRecord,
    }),
  );
  // A random sample's file says its seed in its name, whatever the format.
  const seedSuffix = order.sample_seed === null ? '' : ` (seed ${order.sample_seed})`;
  const fileName = fileNameForOrder(order.title, order.format_type, seedSuffix);
  const fileKey = `${order.id}-${order.attempts}.${order.format_type}`;
  // The manifest's snapshot: the corpus as the order ran on it, taken before the order completes.
  const corpusSnapshot = JSON.stringify(await steps.time('snapshot', () => takeCorpusSnapshot(deps.db)));
  const { size } = await steps.time('storage_commit', () => deps.storage.commit(tempPath, fileKey));
  return {
    recordsDelivered: total,
    fileName,
    fileKey,
    fileSize: size,
    fileSha256: written.sha256,
    corpusSnapshot,
    scrubCounts: privacy.scrubCounts === null ? null : JSON.stringify(privacy.scrubCounts),
    recordIds: { posts: result.posts.map((p) => p.id), comments: result.comments.map((c) => c.id) },
  };
}

async function handleFailure(deps: Deps, order: OrderRow, workerId: string, error: unknown): Promise<void> {
  const { maxAttempts, retryBaseMs } = deps.config.worker;
  deps.logger.error({ err: error, orderId: order.id, attempt: order.attempts }, 'order attempt failed');
  if (order.attempts >= maxAttempts) {
    await failAndRelease(deps, order, workerId, failureMessage(order.attempts));
    return;
  }
  // The cause stays in the log; the user sees only that a retry is coming.
  const message = `Attempt ${order.attempts} of ${maxAttempts} failed; retrying shortly.`;
  const now = deps.clock.now();
  const delay = retryBaseMs * 4 ** (order.attempts - 1);
  await scheduleRetry(deps.db, {
    orderId: order.id,
    workerId,
    error: message,
    nextAttemptAt: new Date(now.getTime() + delay).toISOString(),
    nowIso: now.toISOString(),
  });
}

async function failAndRelease(deps: Deps, order: OrderRow, workerId: string, message: string): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    const isFailed = await failOrder(trx, {
      orderId: order.id,
      workerId,
      error: message,
      nowIso: now.toISOString(),
    });
    if (isFailed) {
      // A large order's kept records and parts go with it (decision 045).
      if (order.size === 'large') await deleteOrderDelivery(trx, order.id);
      await releaseReservation(trx, order.reservation_id, now);
      await recordOrderEvent(deps, trx, order.id, 'order.failed');
    }
  });
  if (order.size === 'large') await deps.storage.removeParts(order.id).catch(() => undefined);
  deps.logger.warn({ orderId: order.id }, 'order failed; credits returned');
}

const searchTimeLimitMessage = (limitMs: number) =>
  `The search ran longer than its limit of ${Math.round(limitMs / 60_000)} minutes and was stopped. ` +
  'No credits were charged; narrow the filters and order again.';

const failureMessage = (attempts: number) =>
  `The order could not be fulfilled after ${attempts} attempts. No credits were charged.`;

/** The stored column choice, resolved again (it was checked when the order was placed). */
function fileColumnsOf(order: OrderRow): FileColumns | undefined {
  if (order.columns === null) return undefined;
  const resolved = resolveFileColumns(order.search_type, JSON.parse(order.columns) as string[]);
  if ('error' in resolved)
    throw new Error(`Order ${order.id} has columns that no longer resolve: ${resolved.error}`);
  return resolved;
}

/** What a fulfilment hands to the completion; a standard order's delivered ids (a large order kept its own). */
type Delivery = LargeDelivery & {
  readonly recordIds?: { posts: readonly string[]; comments: readonly string[] };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
