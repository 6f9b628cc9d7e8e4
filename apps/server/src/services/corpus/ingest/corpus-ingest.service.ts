import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import { expandPaths } from '../../../corpus/readers/expand-paths.ts';
import { normaliseInWorker } from '../../../corpus/readers/normalise-in-worker.ts';
import { normaliseStream, type RowBatch } from '../../../corpus/readers/normalise-stream.ts';
import type { SkipReason } from '../../../corpus/skip-reasons.ts';
import { dialectOf, type Db } from '../../../db/database.ts';
import {
  upsertComments,
  upsertPosts,
  type UpsertCounts,
} from '../../../db/repositories/corpus/ingest/corpus-ingest.repository.ts';
import {
  analyzeCorpus,
  openBulkWriter,
  type BulkWriter,
  withCorpusLoadLock,
} from '../../../db/repositories/corpus/ingest/corpus-writer.repository.ts';
import type { Database } from '../../../db/schema.ts';
import { insertCorpusIngest } from '../../../db/repositories/corpus/ingest/corpus-ingests.repository.ts';
import { finishDeferredIndexes } from './corpus-deferred.service.ts';
import { openMonthLoader } from './corpus-partitions.service.ts';
import { newId } from '../../../lib/ids.ts';
import { loadSuppressionFilter, type SuppressionFilter } from '../../privacy/suppressions.service.ts';

/**
 * Records per transaction on PostgreSQL (SQLite's until decision 042: SQLITE_INGEST_BATCH_SIZE). A batch of 2,000
 * held SQLite's write lock for p95 ≈ 90 ms on the 1M-record bench into an empty database (decision 006).
 */
export const INGEST_BATCH_SIZE = 2000;

/**
 * SQLite: records per transaction. Every page a transaction dirties is written to the WAL at its commit, and the
 * score, author and sample-key indexes spread a batch's rows over about as many pages as it has rows, which the next
 * batch dirties again: at a million records, commits took 9.3 s of a 100,000-record month at 2,000 a batch and 3.2 s
 * at 20,000. 10,000 keeps most of that while the write lock an API write waits for (busy timeout 10 s) is held
 * about a second a batch on a quiet core (docs/decisions/042-sqlite-month-ingest-and-size.md).
 */
export const SQLITE_INGEST_BATCH_SIZE = 10_000;

/** The records per transaction of a plain ingest into this database. */
export function ingestBatchSize(db: Db): number {
  return dialectOf(db) === 'sqlite' ? SQLITE_INGEST_BATCH_SIZE : INGEST_BATCH_SIZE;
}

/** How many `file:line` places are kept per skip reason. */
const FIRST_SKIPPED_LINES = 5;

export interface IngestProgress {
  readonly file: string;
  readonly fileIndex: number;
  readonly fileCount: number;
  /** compressed bytes read over all files so far, and their total: the ETA's basis */
  readonly bytesRead: number;
  readonly bytesTotal: number;
  /** records (and skipped lines) read so far */
  readonly read: number;
}

export interface IngestOptions {
  /** Marks every stored row as generated sample data. */
  readonly isSample?: boolean;
  readonly onProgress?: (progress: IngestProgress) => void;
  readonly batchSize?: number;
  /** Parse and normalise in a worker thread (default: when the files total at least 8 MiB). */
  readonly useWorker?: boolean;
  /**
   * A bulk load's own load step (corpus-bulk.service.ts), which leaves the deferred indexes for the caller to build
   * and does not keep corpus_names batch by batch (they are counted again with the indexes).
   * Any other ingest first builds what an interrupted bulk load deferred (docs/decisions/027-bulk-ingest.md).
   */
  readonly isBulk?: boolean;
  /**
   * A partitioned PostgreSQL corpus: the fewest records a new month needs to be loaded on its own rather than
   * upserted (MONTH_LOAD_MIN_RECORDS; tests lower it).
   */
  readonly monthLoadMinRecords?: number;
  /** Told of each deferred index built before the load ("building index posts_search_idx…"). */
  readonly onStep?: (message: string) => void;
}

/** Below this, starting a worker thread costs more than it saves. */
const WORKER_THRESHOLD_BYTES = 8 * 1024 * 1024;

export interface IngestSummary {
  files: number;
  /** records and bad lines read (a record inside a Listing counts once) */
  read: number;
  inserted: number;
  updated: number;
  /** stored already with the same or a newer retrieval */
  unchanged: number;
  posts: number;
  comments: number;
  skipped: Partial<Record<SkipReason, number>>;
  firstSkippedLines: Partial<Record<SkipReason, string[]>>;
  /** files that could not be read to the end (missing, not decompressible); the others were still ingested */
  errors: { file: string; message: string }[];
  /** write transactions and their durations: on SQLite each holds the write lock the API may wait for */
  transactions: { count: number; p95Ms: number; maxMs: number };
}

export interface IngestDeps {
  readonly db: Db;
  readonly logger?: Logger;
  /** PostgreSQL: where the writer opens its own connection to COPY (without it, multi-row inserts) */
  readonly url?: string;
  readonly schema?: string;
}

/** The ingest's view of the app's dependencies: its database, and where to open the COPY connection. */
export function ingestDepsOf(deps: {
  readonly db: Db;
  readonly logger?: Logger;
  readonly config: { readonly database: { readonly url: string; readonly schema?: string } };
}): IngestDeps {
  return {
    db: deps.db,
    logger: deps.logger,
    url: deps.config.database.url,
    schema: deps.config.database.schema,
  };
}

/**
 * Ingests dump / API files and directories into the corpus: every record is normalised and upserted by id in
 * batches of one transaction each, reply counts included, so a crash loses at most the batch in flight and a re-run
 * completes the job. A bad line is counted and skipped; an unreadable file is reported and the next one is read.
 * Large inputs are parsed in a worker thread while this one writes; a database error ends the ingest (thrown).
 * One ingest at a time: callers take withIngestLock.
 */
export async function ingestFiles(
  deps: IngestDeps,
  paths: readonly string[],
  options: IngestOptions = {},
): Promise<IngestSummary> {
  const summary: IngestSummary = {
    files: 0,
    read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    posts: 0,
    comments: 0,
    skipped: {},
    firstSkippedLines: {},
    errors: [],
    transactions: { count: 0, p95Ms: 0, maxMs: 0 },
  };
  if (!options.isBulk) await finishDeferredIndexes(deps.db, options.onStep);
  const suppression = await loadSuppressionFilter(deps.db, new Date());
  const startedAt = new Date();
  const durations: number[] = [];
  const { files, missing } = await expandPaths(paths);
  for (const file of missing) summary.errors.push({ file, message: `${file}: no such file or directory` });
  const bytesTotal = files.reduce((sum, f) => sum + f.size, 0);
  const inputPaths = files.map((f) => f.path);
  const streamOptions = {
    isSample: options.isSample,
    batchSize: options.batchSize ?? ingestBatchSize(deps.db),
  };
  const useWorker = options.useWorker ?? bytesTotal >= WORKER_THRESHOLD_BYTES;
  const events = useWorker
    ? normaliseInWorker(inputPaths, streamOptions, (reason) =>
        deps.logger?.warn({ reason }, 'corpus ingest: normalise worker unavailable, reading in this thread'),
      )
    : normaliseStream(inputPaths, streamOptions);
  const writer = await openBulkWriter(deps.db, deps.url ? { url: deps.url, schema: deps.schema } : undefined);
  // A partitioned PostgreSQL corpus loads a new month on its own (docs/decisions/041-monthly-partitions.md).
  const months = options.isBulk
    ? undefined
    : await openMonthLoader(writer.db, writer.copy, options.monthLoadMinRecords);
  try {
    let fileIndex = -1;
    let bytesBefore = 0;
    for await (const event of events) {
      while (fileIndex < event.fileIndex) {
        if (fileIndex >= 0) bytesBefore += files[fileIndex]!.size;
        fileIndex += 1;
        summary.files += 1;
      }
      const file = files[event.fileIndex]!.path;
      if (event.type === 'fileError') {
        summary.errors.push({ file, message: event.message });
        deps.logger?.error({ file, message: event.message }, 'corpus ingest: file not read to the end');
        continue;
      }
      summary.read += event.read;
      for (const [reason, line] of event.skips) addSkip(summary, reason, `${file}:${line}`);
      for (const found of event.batches) {
        const batch = withoutSuppressed(found, suppression, (id) =>
          addSkip(summary, 'removed_on_request', `${file} (${found.table === 'posts' ? 't3' : 't1'}_${id})`),
        );
        if (batch.rows.length === 0) continue;
        const started = performance.now();
        await write(writer, summary, months ? await months.route(batch) : batch, options.isBulk === true);
        summary[batch.table] += batch.rows.length;
        durations.push(performance.now() - started);
        await refreshStatistics(writer.db, summary);
      }
      options.onProgress?.({
        file,
        fileIndex: event.fileIndex,
        fileCount: files.length,
        bytesRead: bytesBefore + event.bytesRead,
        bytesTotal,
        read: summary.read,
      });
    }
    if (months) add(summary, await months.finish((batch) => upsertBatch(writer, batch, false)));
  } finally {
    await writer.close();
  }
  if (summary.inserted + summary.updated > 0) await analyzeCorpus(deps.db);
  durations.sort((a, b) => a - b);
  summary.transactions = {
    count: durations.length,
    p95Ms: Math.round(durations[Math.ceil(durations.length * 0.95) - 1] ?? 0),
    maxMs: Math.round(durations.at(-1) ?? 0),
  };
  await recordIngest(deps.db, summary, { inputPaths, isSample: options.isSample === true, startedAt });
  return summary;
}

/** Keeps the ingest's outcome for the operator console (docs/decisions/022-operator-roles-and-audit.md). */
async function recordIngest(
  db: Db,
  summary: IngestSummary,
  run: { inputPaths: readonly string[]; isSample: boolean; startedAt: Date },
): Promise<void> {
  const finishedAt = new Date();
  await insertCorpusIngest(db, {
    id: newId(finishedAt.getTime()),
    is_sample: run.isSample ? 1 : 0,
    files: JSON.stringify(run.inputPaths.map((file) => path.basename(file))),
    records_read: summary.read,
    inserted: summary.inserted,
    updated: summary.updated,
    unchanged: summary.unchanged,
    posts: summary.posts,
    comments: summary.comments,
    skipped: JSON.stringify(summary.skipped),
    errors: JSON.stringify(summary.errors),
    duration_ms: finishedAt.getTime() - run.startedAt.getTime(),
    started_at: run.startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
  });
}

/** The batch without the records an approved removal request suppressed; onSkip is told of each one left out. */
function withoutSuppressed(
  batch: RowBatch,
  suppression: SuppressionFilter,
  onSkip: (id: string) => void,
): RowBatch {
  if (suppression.isEmpty) return batch;
  const keep = (row: { id: string; author: string }) => {
    if (!suppression.isSuppressed(batch.table, row)) return true;
    onSkip(row.id);
    return false;
  };
  return batch.table === 'posts'
    ? { table: 'posts', rows: batch.rows.filter(keep) }
    : { table: 'comments', rows: batch.rows.filter(keep) };
}

/** Written rows after which PostgreSQL's statistics are refreshed (then at every tenfold). */
const FIRST_ANALYZE_AT = 10_000;

async function write(
  writer: BulkWriter,
  summary: IngestSummary,
  batch: RowBatch,
  isBulk: boolean,
): Promise<void> {
  if (batch.rows.length > 0) add(summary, await upsertBatch(writer, batch, isBulk));
}

function upsertBatch(writer: BulkWriter, batch: RowBatch, isBulk: boolean): Promise<UpsertCounts> {
  const options = { copy: writer.copy, namesDeferred: isBulk };
  return batch.table === 'posts'
    ? upsertPosts(writer.db, batch.rows, options)
    : upsertComments(writer.db, batch.rows, options);
}

async function refreshStatistics(db: Db, summary: IngestSummary): Promise<void> {
  const written = summary.inserted + summary.updated;
  if (written >= (analyzedAt.get(summary) ?? FIRST_ANALYZE_AT)) {
    await analyzeCorpus(db);
    analyzedAt.set(summary, written * 10);
  }
}

const analyzedAt = new WeakMap<IngestSummary, number>();

function add(summary: IngestSummary, counts: UpsertCounts): void {
  summary.inserted += counts.inserted;
  summary.updated += counts.updated;
  summary.unchanged += counts.unchanged;
}

function addSkip(summary: IngestSummary, reason: SkipReason, place: string): void {
  summary.skipped[reason] = (summary.skipped[reason] ?? 0) + 1;
  const places = (summary.firstSkippedLines[reason] ??= []);
  if (places.length < FIRST_SKIPPED_LINES) places.push(place);
}

export interface IngestLockDeps {
  readonly config: Pick<Config, 'database'>;
  readonly db: Kysely<Database>;
}

/**
 * Runs fn as the only ingest into this corpus: a CLI ingest and the sample load, in any processes, wait for each
 * other (reply counts are computed from what each batch's transaction sees, so two ingests must not interleave).
 * onWait is called once if another ingest holds the lock.
 */
export function withIngestLock<T>(
  deps: IngestLockDeps,
  fn: () => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  return withCorpusLoadLock(deps.db, sqliteLockFile(deps.config.database.url), fn, onWait);
}

function sqliteLockFile(url: string): string | undefined {
  if (!url.startsWith('sqlite:')) return undefined;
  const file = url.slice('sqlite:'.length);
  return file === ':memory:' ? undefined : `${path.resolve(file)}.corpus-load.lock`;
}
