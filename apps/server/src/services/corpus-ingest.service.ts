import type { Logger } from 'pino';
import { normaliseRecord } from '../corpus/normalise.ts';
import { expandPaths } from '../corpus/readers/expand-paths.ts';
import { readRecords } from '../corpus/readers/read-records.ts';
import type { SkipReason } from '../corpus/skip-reasons.ts';
import type { Db } from '../db/database.ts';
import {
  analyzeCorpus,
  upsertComments,
  upsertPosts,
  type UpsertCounts,
} from '../db/repositories/corpus-ingest.repository.ts';
import type { CommentsTable, PostsTable } from '../db/tables/corpus.tables.ts';

/**
 * Records per transaction. On SQLite one batch of comments (upsert, FTS triggers, reply recount) commits in about
 * 20 ms on this hardware, inside the 50 ms the API can wait for the shared write lock (docs/decisions/006).
 */
export const INGEST_BATCH_SIZE = 1000;

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
}

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
}

export interface IngestDeps {
  readonly db: Db;
  readonly logger?: Logger;
}

/**
 * Ingests dump / API files and directories into the corpus: every record is normalised and upserted by id in
 * batches of one transaction each, reply counts included, so a crash loses at most the batch in flight and a re-run
 * completes the job. A bad line is counted and skipped; an unreadable file is reported and the next one is read.
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
  };
  const { files, missing } = await expandPaths(paths);
  for (const file of missing) summary.errors.push({ file, message: `${file}: no such file or directory` });
  const bytesTotal = files.reduce((sum, f) => sum + f.size, 0);
  const batchSize = options.batchSize ?? INGEST_BATCH_SIZE;
  const normaliseOptions = { isSample: options.isSample };
  let bytesBefore = 0;
  for (const [fileIndex, { path: file, size }] of files.entries()) {
    summary.files += 1;
    let bytesRead = 0;
    const posts: PostsTable[] = [];
    const comments: CommentsTable[] = [];
    const report = () =>
      options.onProgress?.({
        file,
        fileIndex,
        fileCount: files.length,
        bytesRead: bytesBefore + bytesRead,
        bytesTotal,
        read: summary.read,
      });
    try {
      const reader = readRecords(file, { onBytes: (n) => (bytesRead = n) });
      for await (const items of reader) {
        for (const item of items) {
          summary.read += 1;
          const normalised =
            item.type === 'skip'
              ? ({ kind: 'skip', reason: item.reason } as const)
              : normaliseRecord(item.raw, item.kind, normaliseOptions);
          if (normalised.kind === 'post') {
            if (posts.push(normalised.row) >= batchSize) await flush(deps.db, summary, posts, comments, 'posts');
          } else if (normalised.kind === 'comment') {
            if (comments.push(normalised.row) >= batchSize) {
              await flush(deps.db, summary, posts, comments, 'comments');
            }
          } else {
            addSkip(summary, normalised.reason, `${file}:${item.line}`);
          }
        }
        report();
      }
      await flush(deps.db, summary, posts, comments, 'both');
    } catch (error) {
      // A database failure is not the file's fault: it ends the ingest. A reading failure ends only this file.
      if (error instanceof WriteError) throw error.cause;
      await flush(deps.db, summary, posts, comments, 'both').catch((e: unknown) => {
        throw e instanceof WriteError ? e.cause : e;
      });
      const message = error instanceof Error ? error.message : String(error);
      summary.errors.push({ file, message });
      deps.logger?.error({ file, err: error }, 'corpus ingest: file not read to the end');
    }
    bytesBefore += size;
    bytesRead = 0;
    report();
  }
  if (summary.inserted + summary.updated > 0) await analyzeCorpus(deps.db);
  return summary;
}

/** Written rows after which PostgreSQL's statistics are refreshed (then at every tenfold). */
const FIRST_ANALYZE_AT = 10_000;

async function flush(
  db: Db,
  summary: IngestSummary,
  posts: PostsTable[],
  comments: CommentsTable[],
  which: 'posts' | 'comments' | 'both',
): Promise<void> {
  try {
    if (which !== 'comments' && posts.length > 0) {
      add(summary, await upsertPosts(db, posts));
      summary.posts += posts.length;
      posts.length = 0;
    }
    if (which !== 'posts' && comments.length > 0) {
      add(summary, await upsertComments(db, comments));
      summary.comments += comments.length;
      comments.length = 0;
    }
    const written = summary.inserted + summary.updated;
    if (written >= (analyzedAt.get(summary) ?? FIRST_ANALYZE_AT)) {
      await analyzeCorpus(db);
      analyzedAt.set(summary, written * 10);
    }
  } catch (error) {
    throw new WriteError(error);
  }
}

const analyzedAt = new WeakMap<IngestSummary, number>();

class WriteError extends Error {
  constructor(override readonly cause: unknown) {
    super('corpus write failed');
  }
}

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
