import { hostname } from 'node:os';
import type { CorpusCounts } from '../../db/repositories/corpus/stats/corpus-stats.repository.ts';
import {
  findServiceStatus,
  upsertServiceStatus,
} from '../../db/repositories/operations/service-status.repository.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCorpusBulkLoading } from '../corpus/ingest/corpus-deferred.service.ts';

/** How often the worker writes its heartbeat. */
export const WORKER_HEARTBEAT_INTERVAL_MS = 10_000;
/** A heartbeat older than this means no worker runs (it missed five beats). */
export const WORKER_HEARTBEAT_STALE_MS = 60_000;

const WORKER = 'worker';
const SAMPLE_CORPUS = 'sample_corpus';

export type SampleCorpusState = 'loading' | 'loaded' | 'failed';
/** What /api/health/ says of the corpus. */
export type CorpusState = 'empty' | 'loading sample' | 'bulk loading' | 'ready';

interface StatusDeps {
  readonly db: Db;
  readonly clock: Clock;
}

export interface WorkerHeartbeat {
  /** ISO-8601 time of the last heartbeat, null when no worker ever ran on this database. */
  readonly lastHeartbeatAt: string | null;
  /** Seconds since then (whole), null with no heartbeat. */
  readonly ageSeconds: number | null;
  readonly isAlive: boolean;
}

export interface CorpusHealth {
  readonly state: CorpusState;
  readonly posts: number;
  readonly comments: number;
  readonly sampleRecords: number;
}

/** Records that this worker process is alive (called every WORKER_HEARTBEAT_INTERVAL_MS by the worker). */
export async function recordWorkerHeartbeat(deps: StatusDeps): Promise<void> {
  await upsertServiceStatus(deps.db, {
    name: WORKER,
    state: 'running',
    details: { host: hostname(), pid: process.pid },
    at: deps.clock.now(),
  });
}

/** The last worker heartbeat and its age; `isAlive` while it is younger than WORKER_HEARTBEAT_STALE_MS. */
export async function getWorkerHeartbeat(deps: StatusDeps): Promise<WorkerHeartbeat> {
  const row = await findServiceStatus(deps.db, WORKER);
  if (!row) return { lastHeartbeatAt: null, ageSeconds: null, isAlive: false };
  const ageMs = Math.max(0, deps.clock.now().getTime() - Date.parse(row.updated_at));
  return {
    lastHeartbeatAt: row.updated_at,
    ageSeconds: Math.floor(ageMs / 1000),
    isAlive: ageMs < WORKER_HEARTBEAT_STALE_MS,
  };
}

/** Records where the sample corpus's load stands (the worker: loading when it starts, loaded or failed at the end). */
export async function recordSampleCorpusState(
  deps: StatusDeps,
  state: SampleCorpusState,
  details: Record<string, unknown> = {},
): Promise<void> {
  await upsertServiceStatus(deps.db, { name: SAMPLE_CORPUS, state, details, at: deps.clock.now() });
}

/**
 * True while the sample corpus is being loaded: its load says `loading` and the worker doing it is alive (a worker
 * killed mid-load leaves `loading` behind; the next worker's start completes the load and says so again).
 */
export async function isSampleCorpusLoading(deps: StatusDeps): Promise<boolean> {
  const row = await findServiceStatus(deps.db, SAMPLE_CORPUS);
  if (row?.state !== 'loading') return false;
  return (await getWorkerHeartbeat(deps)).isAlive;
}

/** Counting a 10M-record corpus takes a while: health and metrics reuse a count this young (by the deps' clock). */
export const CORPUS_COUNTS_MAX_AGE_MS = 10_000;

interface CountsEntry {
  /** when `counts` was read */
  at: number;
  counts?: CorpusCounts;
  refreshing?: Promise<CorpusCounts>;
}
const countsCache = new WeakMap<object, CountsEntry>();

/** What counting the corpus needs: the dry-run threads count it, off the API's event loop (decision 028). */
interface CountingDeps extends StatusDeps {
  readonly dryRuns: { countCorpus(): Promise<CorpusCounts> };
}

/**
 * The corpus's counts, read in a thread: a count younger than CORPUS_COUNTS_MAX_AGE_MS as it is; an older one is
 * returned at once while a new count runs (one at a time per database), so health never waits behind dry runs for
 * it. Only the very first call waits for a count.
 */
export function countCorpusRecent(deps: CountingDeps): Promise<CorpusCounts> {
  const now = deps.clock.now().getTime();
  const entry = countsCache.get(deps.db) ?? { at: 0 };
  countsCache.set(deps.db, entry);
  if (entry.counts && now - entry.at < CORPUS_COUNTS_MAX_AGE_MS) return Promise.resolve(entry.counts);
  if (!entry.refreshing) {
    const refreshing = deps.dryRuns
      .countCorpus()
      .then((counts) => {
        Object.assign(entry, { counts, at: deps.clock.now().getTime() });
        return counts;
      })
      .finally(() => {
        entry.refreshing = undefined;
      });
    // A failed count in the background keeps the last counts; the next call tries again.
    refreshing.catch(() => undefined);
    entry.refreshing = refreshing;
  }
  return entry.counts ? Promise.resolve(entry.counts) : entry.refreshing;
}

/** Forgets the corpus counts of `db`: the next call counts again (records were erased by a removal). */
export function forgetCorpusCounts(db: object): void {
  countsCache.delete(db);
}

/**
 * The corpus's state for health: `bulk loading` while a bulk ingest has the search indexes deferred (searches answer
 * 503 then), `loading sample` (isSampleCorpusLoading), else `empty` or `ready`, with counts about
 * CORPUS_COUNTS_MAX_AGE_MS old at most (see countCorpusRecent).
 */
export async function getCorpusHealth(deps: CountingDeps): Promise<CorpusHealth> {
  const [counts, isLoading, isBulkLoading] = await Promise.all([
    countCorpusRecent(deps),
    isSampleCorpusLoading(deps),
    isCorpusBulkLoading(deps),
  ]);
  const total = counts.posts + counts.comments;
  const state = isBulkLoading
    ? 'bulk loading'
    : isLoading
      ? 'loading sample'
      : total === 0
        ? 'empty'
        : 'ready';
  return {
    state,
    posts: counts.posts,
    comments: counts.comments,
    sampleRecords: counts.samplePosts + counts.sampleComments,
  };
}
