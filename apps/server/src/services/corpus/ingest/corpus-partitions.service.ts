import type { Db } from '../../../db/database.ts';
import { dialectOf } from '../../../db/database.ts';
import {
  partitionCorpusTable,
  type PartitionProgress,
} from '../../../db/repositories/corpus/ingest/corpus-partitions.repository.ts';

export type { PartitionProgress } from '../../../db/repositories/corpus/ingest/corpus-partitions.repository.ts';

/** Partitioning is PostgreSQL's: SQLite keeps one table per record type (docs/decisions/041-monthly-partitions.md). */
export class PartitionUnsupportedError extends Error {
  constructor() {
    super('Monthly partitions need PostgreSQL; a SQLite corpus stays one table per record type.');
  }
}

/**
 * Moves a plain PostgreSQL corpus into monthly partitions, posts then comments, month by month (resumable: a month
 * copied by a killed run is kept), then swaps each table in one short transaction. Searches read the plain tables
 * until their swap. The caller holds the ingest lock (withIngestLock).
 */
export async function partitionCorpus(
  db: Db,
  onProgress?: (progress: PartitionProgress) => void,
): Promise<void> {
  if (dialectOf(db) !== 'postgres') throw new PartitionUnsupportedError();
  await partitionCorpusTable(db, 'posts', onProgress);
  await partitionCorpusTable(db, 'comments', onProgress);
}
