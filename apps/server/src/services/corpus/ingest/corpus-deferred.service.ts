import { ORDER_MESSAGES } from '@threadcart/contracts';
import {
  buildDeferredIndex,
  hasDeferredObjects,
  listDeferredObjects,
  rebuildCorpusNames,
  rebuildSearchTables,
} from '../../../db/repositories/corpus/ingest/corpus-bulk.repository.ts';
import { analyzeCorpus } from '../../../db/repositories/corpus/ingest/corpus-writer.repository.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../errors.ts';

/** How long a client is asked to wait before asking again while the corpus is bulk loaded. */
const BULK_LOADING_RETRY_AFTER_SECONDS = 60;

/**
 * True while a bulk ingest has the corpus's search indexes deferred (running, or interrupted and not finished):
 * searches would miss records then, so they are not run. One read of at most one row of corpus_deferred.
 */
export function isCorpusBulkLoading(deps: { readonly db: Db }): Promise<boolean> {
  return hasDeferredObjects(deps.db);
}

/** The 503 a search answers while the corpus is bulk loaded (docs/product.md). */
export function corpusBulkLoadingError(): AppError {
  return new AppError(503, ORDER_MESSAGES.corpusBulkLoading, 'corpus_bulk_loading', {
    'retry-after': String(BULK_LOADING_RETRY_AFTER_SECONDS),
  });
}

/** Throws corpusBulkLoadingError while the corpus is bulk loaded. */
export async function assertCorpusSearchable(deps: { readonly db: Db }): Promise<void> {
  if (await isCorpusBulkLoading(deps)) throw corpusBulkLoadingError();
}

export interface FinishedDeferral {
  /** indexes built, the name counts if rebuilt, and (SQLite) tables whose search tables were rebuilt */
  readonly built: number;
  readonly seconds: number;
}

/**
 * Makes again everything corpus_deferred names: each index (`create index if not exists`), then on SQLite each
 * table's FTS5 tables rebuilt from its rows with their sync triggers; then refreshes PostgreSQL's statistics. Each
 * step commits with the deletion of its rows, so a run killed halfway is finished by the next call. Does nothing
 * when nothing is deferred. The caller holds the ingest lock (withIngestLock). onStep hears of each step.
 */
export async function finishDeferredIndexes(
  db: Db,
  onStep: (message: string) => void = () => undefined,
): Promise<FinishedDeferral> {
  const started = performance.now();
  const deferred = await listDeferredObjects(db);
  if (deferred.length === 0) return { built: 0, seconds: 0 };
  let built = 0;
  for (const index of deferred.filter((o) => o.kind === 'index')) {
    onStep(`building index ${index.name}…`);
    await buildDeferredIndex(db, index);
    built += 1;
  }
  if (deferred.some((o) => o.kind === 'names')) {
    onStep('counting the names of subreddits, authors and domains…');
    await rebuildCorpusNames(db);
    built += 1;
  }
  for (const table of ['posts', 'comments'] as const) {
    const triggers = deferred.filter((o) => o.kind === 'trigger' && o.table_name === table);
    if (triggers.length === 0) continue;
    onStep(`rebuilding the search tables ${table}_fts and ${table}_tri…`);
    await rebuildSearchTables(db, table, triggers);
    built += 1;
  }
  await analyzeCorpus(db);
  return { built, seconds: (performance.now() - started) / 1000 };
}
