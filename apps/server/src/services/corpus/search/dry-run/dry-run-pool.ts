import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import Piscina from 'piscina';
import type { Config } from '../../../../config.ts';
import type { DryRunTask, DryRunThreadData } from './dry-run-thread.ts';
import type { PreviewQuery, PreviewSearchResult } from './preview-search.ts';
import type { CorpusCounts } from '../../../../db/repositories/corpus/stats/corpus-stats.repository.ts';
import type { CorpusStats } from '../../stats/corpus-stats.service.ts';
import { dryRunCancellations, dryRunDuration } from '../../../../lib/metrics.ts';

/** A dry run stopped because its client went away or the pool had to end it. */
export class DryRunCancelledError extends Error {}
/** The pool's queue is full: too many dry runs at once. */
export class DryRunBusyError extends Error {}
/** The same user started newer dry runs past DRY_RUNS_PER_USER_AT_ONCE: this older one was ended. */
export class DryRunSupersededError extends Error {}

export interface DryRunPool {
  /**
   * Runs a dry run in a thread; aborting the signal ends the thread (and cancels its query on PostgreSQL), and so
   * does a newer dry run of the same `userId` past the per-user limit (the oldest one goes).
   */
  run(
    query: PreviewQuery,
    options: { startedAt: number; signal?: AbortSignal; userId?: string },
  ): Promise<PreviewSearchResult>;
  /** The corpus's counts, read in a thread (a whole-corpus scan never holds the API's event loop). */
  countCorpus(): Promise<CorpusCounts>;
  /** The corpus by type, subreddit (the `top` largest) and month, read in a thread. */
  corpusStats(top: number): Promise<CorpusStats>;
  /** Resolves when every thread has loaded its code and opened its connection. */
  warmUp(): Promise<void>;
  /** Dry runs running or queued right now. */
  readonly pending: number;
  /** The threads' ids: a thread ended for an abandoned dry run is replaced by a new one. */
  readonly threadIds: number[];
  close(): Promise<void>;
}

/**
 * A thread stops at its budget by itself (every statement it runs is bounded); the pool ends one that has not
 * answered this long after the request arrived, which also covers waiting for a free thread.
 */
const overrunMsFor = (budgetMs: number) => 5 * budgetMs + 5_000;

/**
 * The dry-run threads of the API process (piscina): each holds its own read-only connection, runs one dry run at a
 * time at a lower CPU priority than the API's own thread, and is ended when its dry run is abandoned or overruns.
 * `cancelQuery` cancels the PostgreSQL statement of an ended thread's session (it would otherwise run on).
 */
export function createDryRunPool(
  config: Config,
  logger: Logger,
  cancelQuery: (taskId: string) => Promise<void>,
): DryRunPool {
  const { threads, budgetMs, maxQueue, perUserAtOnce } = config.dryRun;
  // Each user's running dry runs, oldest first: a new one past the limit ends the oldest, as a closed client does.
  const runningByUser = new Map<string, AbortController[]>();
  const admit = (userId: string) => {
    const running = runningByUser.get(userId) ?? [];
    runningByUser.set(userId, running);
    const slot = new AbortController();
    running.push(slot);
    while (running.length > perUserAtOnce) running.shift()!.abort();
    return {
      signal: slot.signal,
      release: () => {
        const index = running.indexOf(slot);
        if (index >= 0) running.splice(index, 1);
        if (running.length === 0 && runningByUser.get(userId) === running) runningByUser.delete(userId);
      },
    };
  };
  const workerData: DryRunThreadData = {
    databaseUrl: config.database.url,
    schema: config.database.schema,
    budgetMs,
    entry: new URL('./dry-run-thread.ts', import.meta.url).href,
    tsxApi: pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href,
  };
  const piscina = new Piscina({
    filename: new URL('./dry-run-thread.boot.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    idleTimeout: Infinity,
    niceIncrement: 10,
    workerData,
  });
  let pending = 0;
  let warm: Promise<void> | undefined;
  const warmUp = () => {
    const ping: DryRunTask = { kind: 'ping' };
    warm ??= Promise.all(Array.from({ length: threads }, () => piscina.run(ping))).then(() => undefined);
    return warm;
  };
  return {
    get pending() {
      return pending;
    },
    get threadIds() {
      return piscina.threads.map((thread) => thread.threadId).sort((a, b) => a - b);
    },
    async run(query, { startedAt, signal, userId }) {
      const stopTimer = dryRunDuration.startTimer();
      if (piscina.queueSize >= maxQueue) {
        stopTimer({ outcome: 'busy' });
        throw new DryRunBusyError('too many dry runs');
      }
      const slot = userId === undefined ? undefined : admit(userId);
      pending += 1;
      const taskId = randomUUID();
      let combined: AbortSignal | undefined;
      let overrun: AbortSignal | undefined;
      try {
        // Loading the threads' code (once, after start) does not count against a dry run.
        const bootStarted = Date.now();
        await warmUp();
        const since = startedAt + (Date.now() - bootStarted);
        overrun = AbortSignal.timeout(Math.max(0, since + overrunMsFor(budgetMs) - Date.now()));
        combined = AbortSignal.any([signal, overrun, slot?.signal].filter((s) => s !== undefined));
        combined.throwIfAborted();
        const task: DryRunTask = { kind: 'preview', query, taskId };
        const result = (await piscina.run(task, { signal: combined })) as PreviewSearchResult;
        stopTimer({ outcome: 'done' });
        return result;
      } catch (error) {
        stopTimer({ outcome: combined?.aborted ? 'cancelled' : 'error' });
        if (!combined?.aborted) throw error;
        const reason = signal?.aborted ? 'abandoned' : overrun?.aborted ? 'overrun' : 'superseded';
        dryRunCancellations.inc({ reason });
        void cancelQuery(taskId).catch((err: unknown) =>
          logger.warn({ err }, 'cancelling a dry-run query failed'),
        );
        if (reason === 'superseded')
          throw new DryRunSupersededError('a newer dry run of this user replaced it');
        throw new DryRunCancelledError(
          reason === 'overrun' ? 'dry run overran its budget' : 'dry run abandoned',
        );
      } finally {
        pending -= 1;
        slot?.release();
      }
    },
    countCorpus: async () => {
      await warmUp();
      return (await piscina.run({ kind: 'corpus-counts' } satisfies DryRunTask)) as CorpusCounts;
    },
    corpusStats: async (top) => {
      await warmUp();
      return (await piscina.run({ kind: 'corpus-stats', top } satisfies DryRunTask)) as CorpusStats;
    },
    warmUp,
    close: () => piscina.destroy(),
  };
}
