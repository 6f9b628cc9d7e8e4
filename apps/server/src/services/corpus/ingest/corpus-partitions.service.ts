import type { RowBatch } from '../../../corpus/readers/normalise-stream.ts';
import type { Db } from '../../../db/database.ts';
import { CompiledQuery } from 'kysely';
import { dialectOf, withTransaction } from '../../../db/database.ts';
import {
  copyField,
  type CopyIn,
  type UpsertCounts,
} from '../../../db/repositories/corpus/ingest/corpus-ingest.repository.ts';
import {
  countStageRows,
  createStage,
  drainStage,
  dropAbandonedLoads,
  finishMonthLoad,
  isMonthFresh,
  stageName,
} from '../../../db/repositories/corpus/ingest/corpus-month-load.repository.ts';
import {
  isCorpusPartitioned,
  monthOf,
  partitionCorpusTable,
  type CorpusTable,
  type Month,
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

/**
 * A staged month with fewer records takes the upsert path at the end instead (in its batches, so with the same
 * results): building a partition's fifteen indexes and attaching it costs about a second, which a few thousand
 * records do not repay.
 */
export const MONTH_LOAD_MIN_RECORDS = 10_000;

/** Rows a month load sends back to the upsert path in one batch. */
const ELSEWHERE_BATCH = 2000;

export interface MonthLoader {
  /** Stages the batch's records of months that load on their own; returns the rest, for the upsert path. */
  route(batch: RowBatch): Promise<RowBatch>;
  /**
   * Builds and attaches every staged month, posts first (their comments read over_18 from them); records of ids
   * stored in another month go through `upsert` after. Returns the counts as the upsert path would have given them.
   */
  finish(upsert: (batch: RowBatch) => Promise<UpsertCounts>): Promise<UpsertCounts>;
}

/**
 * The month loads of one ingest into a partitioned PostgreSQL corpus with a COPY channel, or undefined (SQLite, a
 * plain corpus): a month whose partition is absent or empty when the ingest first meets it is COPYed into a stage and
 * loaded on its own at the end; the stages a killed ingest left are dropped first, and their months load again.
 */
export async function openMonthLoader(
  db: Db,
  copy: CopyIn | undefined,
  minRecords = MONTH_LOAD_MIN_RECORDS,
): Promise<MonthLoader | undefined> {
  if (!copy || !(await isCorpusPartitioned(db))) return undefined;
  await dropAbandonedLoads(db);
  const fresh = new Map<string, { table: CorpusTable; month: Month; columns: string[] } | null>();
  let batchNumber = 0;
  const route = async (batch: RowBatch): Promise<RowBatch> => {
    batchNumber += 1;
    const staged = new Map<string, string[]>();
    const isStaged = new Set<object>();
    for (const row of batch.rows) {
      const month = monthOf(row.created_utc);
      if (!month) continue;
      const key = `${batch.table}_${month.suffix}`;
      if (!fresh.has(key)) {
        const isFresh = await isMonthFresh(db, batch.table, month);
        fresh.set(
          key,
          isFresh ? { table: batch.table, month, columns: await createStage(db, batch.table, month) } : null,
        );
      }
      const load = fresh.get(key);
      if (!load) continue;
      const lines = staged.get(key) ?? [];
      staged.set(key, lines);
      const record = row as unknown as Record<string, unknown>;
      lines.push([...load.columns.map((c) => copyField(record[c])), batchNumber, lines.length].join('\t'));
      isStaged.add(row);
    }
    // COPY runs on the writer's connection while a transaction holds it (an idle pooled connection may be closed).
    if (staged.size > 0)
      await withTransaction(db, async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('select 1'));
        for (const [key, lines] of staged) {
          const load = fresh.get(key)!;
          const columns = [...load.columns, 'load_batch', 'load_row'];
          await copy(stageName(load.table, load.month), columns, `${lines.join('\n')}\n`);
        }
      });
    const keep = (row: object) => !isStaged.has(row);
    return batch.table === 'posts'
      ? { table: 'posts', rows: batch.rows.filter(keep) }
      : { table: 'comments', rows: batch.rows.filter(keep) };
  };
  const finish = async (upsert: (batch: RowBatch) => Promise<UpsertCounts>): Promise<UpsertCounts> => {
    const total = { inserted: 0, updated: 0, unchanged: 0 };
    const add = (counts: UpsertCounts) => {
      total.inserted += counts.inserted;
      total.updated += counts.updated;
      total.unchanged += counts.unchanged;
    };
    const loads = [...fresh.values()].flatMap((load) => (load ? [load] : []));
    for (const table of ['posts', 'comments'] as const) {
      for (const load of loads.filter((l) => l.table === table)) {
        if ((await countStageRows(db, table, load.month)) < minRecords) {
          for (const rows of await drainStage(db, table, load.month, load.columns))
            add(await upsert({ table, rows } as unknown as RowBatch));
          continue;
        }
        const { counts, elsewhere } = await finishMonthLoad(db, table, load.month, load.columns);
        add(counts);
        for (let start = 0; start < elsewhere.length; start += ELSEWHERE_BATCH) {
          const rows = elsewhere.slice(start, start + ELSEWHERE_BATCH);
          add(await upsert({ table, rows } as unknown as RowBatch));
        }
      }
    }
    return total;
  };
  return { route, finish };
}
