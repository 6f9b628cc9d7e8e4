import { threadId, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../../../db/database.ts';
import {
  countCorpus,
  type CorpusCounts,
} from '../../../../db/repositories/corpus/stats/corpus-stats.repository.ts';
import { cancelSessionQueries } from '../../../../db/repositories/auth/sessions-activity.repository.ts';
import { getCorpusStats, type CorpusStats } from '../../stats/corpus-stats.service.ts';
import { dryRunSessionName } from './dry-run-session.ts';
import { CUTOFF_SHARE, type PreviewQuery, type PreviewSearchResult } from './preview-search.ts';
import { runDryRunSearch } from './dry-run-search.ts';

/** What the pool gives every thread at start. */
export interface DryRunThreadData {
  readonly databaseUrl: string;
  readonly schema: string | undefined;
  readonly budgetMs: number;
  readonly entry: string;
  readonly tsxApi: string;
}

/**
 * One dry run (its id names its PostgreSQL session, for cancelling), a ping that opens the connection, or a read of
 * the whole corpus (its counts, or its breakdown by subreddit and month): on SQLite such a scan would hold the API's
 * event loop for its whole duration (the driver is synchronous), so it runs here too (decision 028).
 */
export type DryRunTask =
  | { readonly kind: 'preview'; readonly query: PreviewQuery; readonly taskId: string }
  | { readonly kind: 'corpus-counts' }
  | { readonly kind: 'corpus-stats'; readonly top: number }
  | { readonly kind: 'ping' };

const data = workerData as DryRunThreadData;
let handle: DatabaseHandle | undefined;
/** PostgreSQL: a second session of this thread, which cancels the dry run's statement at its cutoff. */
let canceller: DatabaseHandle | undefined;

/**
 * Runs one dry run in this thread over its own read-only connection (SQLite: the file opened read-only;
 * PostgreSQL: one session whose statements the server stops past twice the budget).
 */
export async function runDryRunTask(
  task: DryRunTask,
): Promise<PreviewSearchResult | CorpusCounts | CorpusStats | null> {
  // The budget counts from here: a dry run that waited for a free thread still gets all of it.
  const startedAt = Date.now();
  handle ??= createDatabase(data.databaseUrl, {
    schema: data.schema,
    poolSize: 1,
    readOnly: true,
    applicationName: `threadcart-dry-run:thread-${process.pid}-${threadId}`,
    statementTimeoutMs: data.budgetMs * 2,
  });
  if (task.kind === 'ping') {
    await sql`select 1`.execute(handle.db);
    return null;
  }
  if (task.kind === 'corpus-counts') return withCorpusScanTimeout(handle, () => countCorpus(handle!.db));
  if (task.kind === 'corpus-stats')
    return withCorpusScanTimeout(handle, () => getCorpusStats(handle!.db, { top: task.top }));
  if (handle.dialect !== 'postgres')
    return runDryRunSearch(handle.db, task.query, { budgetMs: data.budgetMs, startedAt });
  const session = dryRunSessionName(task.taskId);
  await sql`select set_config('application_name', ${session}, false)`.execute(handle.db);
  canceller ??= createDatabase(data.databaseUrl, {
    schema: data.schema,
    poolSize: 1,
    readOnly: true,
    applicationName: `threadcart-dry-run-cutoff:thread-${process.pid}-${threadId}`,
    statementTimeoutMs: data.budgetMs,
  });
  const cutoffDb = canceller.db;
  let cancelling: Promise<unknown> = Promise.resolve();
  // Whatever statement runs at the cutoff is cancelled: a probe, a sample of pages or a plan's statement that
  // outlives the phases ends here (decision 035).
  const cutoff = setTimeout(
    () => {
      cancelling = cancelSessionQueries(cutoffDb, session).catch(() => 0);
    },
    Math.max(0, startedAt + data.budgetMs * CUTOFF_SHARE - Date.now()),
  );
  try {
    return await runDryRunSearch(handle.db, task.query, { budgetMs: data.budgetMs, startedAt });
  } finally {
    clearTimeout(cutoff);
    // A cancel still on its way must not reach the next statement of this session.
    await cancelling;
    await sql`select set_config('application_name', 'threadcart-dry-run:idle', false)`.execute(handle.db);
  }
}

/** A whole-corpus scan may run longer than a dry run's statements: PostgreSQL gets CORPUS_SCAN_TIMEOUT_MS for it. */
const CORPUS_SCAN_TIMEOUT_MS = 120_000;

/**
 * PostgreSQL: a whole-corpus scan (the counts health shows, refreshed in the background every ten seconds while health
 * is asked) runs longer, and on one core: with parallel workers it ran as three processes for 2-3 s on the comments
 * at 10M records, on one core 0.7-1.0 s.
 */
async function withCorpusScanTimeout<T>(handle: DatabaseHandle, scan: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return scan();
  await sql`select set_config('statement_timeout', ${String(CORPUS_SCAN_TIMEOUT_MS)}, false),
    set_config('max_parallel_workers_per_gather', '0', false)`.execute(handle.db);
  try {
    return await scan();
  } finally {
    await sql`select set_config('statement_timeout', ${String(data.budgetMs * 2)}, false)`.execute(handle.db);
    await sql`reset max_parallel_workers_per_gather`.execute(handle.db);
  }
}
