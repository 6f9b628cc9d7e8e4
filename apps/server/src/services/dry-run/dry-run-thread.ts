import { threadId, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import { dryRunSessionName } from './dry-run-session.ts';
import { runPreviewSearch, type PreviewQuery, type PreviewSearchResult } from './preview-search.ts';

/** What the pool gives every thread at start. */
export interface DryRunThreadData {
  readonly databaseUrl: string;
  readonly schema: string | undefined;
  readonly budgetMs: number;
  readonly entry: string;
  readonly tsxApi: string;
}

/** One dry run (its id names its PostgreSQL session, for cancelling), or a ping that opens the connection. */
export type DryRunTask =
  | { readonly kind: 'preview'; readonly query: PreviewQuery; readonly taskId: string }
  | { readonly kind: 'ping' };

const data = workerData as DryRunThreadData;
let handle: DatabaseHandle | undefined;

/**
 * Runs one dry run in this thread over its own read-only connection (SQLite: the file opened read-only;
 * PostgreSQL: one session whose statements the server stops past twice the budget).
 */
export async function runDryRunTask(task: DryRunTask): Promise<PreviewSearchResult | null> {
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
  if (handle.dialect === 'postgres')
    await sql`select set_config('application_name', ${dryRunSessionName(task.taskId)}, false)`.execute(
      handle.db,
    );
  try {
    return await runPreviewSearch(handle.db, task.query, { budgetMs: data.budgetMs, startedAt });
  } finally {
    if (handle.dialect === 'postgres')
      await sql`select set_config('application_name', 'threadcart-dry-run:idle', false)`.execute(handle.db);
  }
}
