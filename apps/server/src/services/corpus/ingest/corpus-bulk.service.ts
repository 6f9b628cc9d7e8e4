import { deferCorpusObjects } from '../../../db/repositories/corpus/ingest/corpus-bulk.repository.ts';
import {
  ingestFiles,
  type IngestDeps,
  type IngestOptions,
  type IngestSummary,
} from './corpus-ingest.service.ts';
import { finishDeferredIndexes } from './corpus-deferred.service.ts';

export interface BulkIngestSummary extends IngestSummary {
  /** indexes (and SQLite FTS5 triggers) dropped for the load and made again after it, and the name counts */
  readonly deferred: number;
  /** seconds of the load itself, then of building the deferred indexes */
  readonly loadSeconds: number;
  readonly indexSeconds: number;
}

/**
 * Ingests large dumps fast (docs/decisions/027-bulk-ingest.md): records and drops the corpus tables' secondary
 * indexes and, on SQLite, the FTS5 sync triggers (one transaction), loads the files with ingestFiles' upserts (same
 * results as a normal ingest), then builds everything recorded and rebuilds the FTS5 tables. Searches answer 503
 * corpus_bulk_loading meanwhile and the worker leaves orders queued. A load that throws leaves the indexes deferred
 * (a re-run continues the deferral; `corpus ingest --finish` or any other ingest builds them). A deferral an earlier,
 * interrupted bulk load left is continued, not built first. The caller holds the ingest lock (withIngestLock).
 */
export async function bulkIngestFiles(
  deps: IngestDeps,
  paths: readonly string[],
  options: Omit<IngestOptions, 'isBulk'> = {},
): Promise<BulkIngestSummary> {
  const onStep = options.onStep ?? (() => undefined);
  const deferred = await deferCorpusObjects(deps.db, new Date().toISOString());
  const indexes = deferred.filter((o) => o.kind === 'index').length;
  const triggers = deferred.filter((o) => o.kind === 'trigger').length;
  onStep(
    `deferred ${indexes} indexes${triggers > 0 ? ` and ${triggers} search triggers` : ''} and the name counts ` +
      'until the load ends',
  );
  const loadStarted = performance.now();
  const summary = await ingestFiles(deps, paths, { ...options, isBulk: true });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const finished = await finishDeferredIndexes(deps.db, onStep);
  return { ...summary, deferred: deferred.length, loadSeconds, indexSeconds: finished.seconds };
}
