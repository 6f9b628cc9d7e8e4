import { threadId, workerData, type MessagePort } from 'node:worker_threads';
import type { SearchType, SortOrder } from '@threadcart/contracts';
import { parseFilterTreeWithRe2 } from '../../../../corpus/filters/parse-filter-tree.ts';
import { createDatabase, type DatabaseHandle } from '../../../../db/database.ts';
import { searchCorpus, type CommentRecord, type PostRecord } from '../corpus-search.service.ts';

/** What the pool gives the thread at start. */
export interface ScanThreadData {
  readonly databaseUrl: string;
  readonly schema: string | undefined;
  readonly entry: string;
  readonly tsxApi: string;
}

/** A scan-lane order's search: its stored query, its deadline, and a port its progress (0 to 1) goes back on. */
export interface ScanTask {
  /** the stored canonical tree, JSON: parsed (its patterns checked) here */
  readonly filters: string;
  readonly searchType: SearchType;
  readonly resultCount: number;
  readonly sort: SortOrder;
  readonly sampleSeed?: number;
  readonly excludeBuyerId?: number;
  readonly deadline: number;
  readonly progress: MessagePort;
}

export interface ScanResult {
  readonly posts: PostRecord[];
  readonly comments: CommentRecord[];
  readonly isComplete: boolean;
}

const data = workerData as ScanThreadData;
let handle: DatabaseHandle | undefined;

/**
 * Runs one full-scan search in this thread over its own read-only connection: on SQLite the driver is synchronous
 * and a regex is checked per row, so the scan would hold the worker's event loop a chunk at a time (decision 038).
 */
export async function runScanTask(task: ScanTask): Promise<ScanResult> {
  handle ??= createDatabase(data.databaseUrl, {
    schema: data.schema,
    poolSize: 1,
    readOnly: true,
    applicationName: `threadcart-scan:thread-${process.pid}-${threadId}`,
  });
  try {
    return await searchCorpus(
      handle.db,
      {
        filters: parseFilterTreeWithRe2(JSON.parse(task.filters)),
        searchType: task.searchType,
        resultCount: task.resultCount,
        sort: task.sort,
        ...(task.sampleSeed === undefined ? {} : { sampleSeed: task.sampleSeed }),
        ...(task.excludeBuyerId === undefined ? {} : { excludeBuyerId: task.excludeBuyerId }),
      },
      { deadline: task.deadline, onProgress: (fraction) => task.progress.postMessage(fraction) },
    );
  } finally {
    task.progress.close();
  }
}
