import type { RowBatch } from '../../../corpus/readers/normalise-stream.ts';
import type { Db } from '../../../db/database.ts';
import type { CommentsTable, PostsTable } from '../../../db/tables/corpus.tables.ts';
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
  const fresh = new Map<string, MonthLoad | null>();
  let batchNumber = 0;
  let buffered = 0;
  const route = async (batch: RowBatch): Promise<RowBatch> => {
    batchNumber += 1;
    const taken = new Set<object>();
    for (const row of batch.rows) {
      const month = monthOf(row.created_utc);
      if (!month) continue;
      const key = `${batch.table}_${month.suffix}`;
      if (!fresh.has(key)) {
        const isFresh = await isMonthFresh(db, batch.table, month);
        fresh.set(key, isFresh ? { table: batch.table, month, batches: [], count: 0 } : null);
      }
      const load = fresh.get(key);
      if (!load) continue;
      if (load.batches.at(-1)?.number !== batchNumber) load.batches.push({ number: batchNumber, rows: [] });
      load.batches.at(-1)!.rows.push(row);
      load.count += 1;
      if (!load.columns) buffered += 1;
      taken.add(row);
    }
    // A month is staged once it has enough records to load on its own, or when the buffered months hold too many.
    const toStage = [...fresh.values()].filter(
      (load): load is MonthLoad =>
        load !== null && (load.columns !== undefined ? load.batches.length > 0 : load.count >= minRecords),
    );
    const waiting = [...fresh.values()]
      .filter(
        (load): load is MonthLoad => load !== null && load.columns === undefined && load.count < minRecords,
      )
      .sort((a, b) => b.count - a.count);
    let left = buffered - toStage.reduce((sum, load) => sum + (load.columns ? 0 : load.count), 0);
    while (left > MAX_BUFFERED_RECORDS && waiting.length > 0) {
      const largest = waiting.shift()!;
      left -= largest.count;
      toStage.push(largest);
    }
    if (toStage.length > 0)
      await stageLoads(db, copy, toStage, (load) => {
        if (!load.columns) buffered -= load.count;
      });
    const keep = (row: object) => !taken.has(row);
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
        // A month never staged: its records, in their batches, take the upsert path.
        if (!load.columns) {
          for (const { rows } of load.batches) add(await upsert({ table, rows } as unknown as RowBatch));
          continue;
        }
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

/** A month loading on its own: its records held here in their batches until it is staged, then COPYed as they come. */
interface MonthLoad {
  readonly table: CorpusTable;
  readonly month: Month;
  /** the stage's columns, once it is made */
  columns?: string[];
  /** records not yet in the stage, by the ingest batch they came in */
  batches: { number: number; rows: (PostsTable | CommentsTable)[] }[];
  count: number;
}

/**
 * Records buffered at most, over the months not yet staged: past it the largest is staged (a ten-year dump of a few
 * thousand records a month would otherwise stay in memory).
 */
const MAX_BUFFERED_RECORDS = 50_000;

/** Makes the stages not made yet and COPYs the records each load holds into it, in one transaction. */
async function stageLoads(
  db: Db,
  copy: CopyIn,
  loads: readonly MonthLoad[],
  onStaged: (load: MonthLoad) => void,
): Promise<void> {
  for (const load of loads) {
    if (load.columns) continue;
    onStaged(load);
    load.columns = await createStage(db, load.table, load.month);
  }
  // COPY runs on the writer's connection while a transaction holds it (an idle pooled connection may be closed).
  await withTransaction(db, async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('select 1'));
    for (const load of loads) {
      const columns = load.columns!;
      const lines: string[] = [];
      for (const { number, rows } of load.batches)
        for (const [place, row] of rows.entries()) {
          const record = row as unknown as Record<string, unknown>;
          lines.push([...columns.map((c) => copyField(record[c])), number, place].join('\t'));
        }
      await copy(
        stageName(load.table, load.month),
        [...columns, 'load_batch', 'load_row'],
        `${lines.join('\n')}\n`,
      );
      load.batches = [];
    }
  });
}
