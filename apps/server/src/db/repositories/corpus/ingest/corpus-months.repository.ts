import { sql } from 'kysely';
import type { Db } from '../../../database.ts';
import type { CorpusMonthsTable } from '../../../tables/corpus.tables.ts';

type CorpusTable = 'posts' | 'comments';

/** The calendar month (UTC, YYYY-MM) of an epoch second. */
export const monthOf = (createdUtc: number) => new Date(createdUtc * 1000).toISOString().slice(0, 7);

/** Adds each month's delta (and newest retrieval) in one upsert; a month's count never goes below 0. */
async function addToMonths(
  trx: Db,
  table: CorpusTable,
  months: ReadonlyMap<string, { delta: number; latest: number | null }>,
): Promise<void> {
  const rows = [...months]
    .filter(([, { delta, latest }]) => delta !== 0 || latest !== null)
    .map(([month, { delta, latest }]) => ({
      record_type: table,
      month,
      records: delta,
      latest_retrieved_at: latest,
    }));
  if (rows.length === 0) return;
  await trx
    .insertInto('corpus_months')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['record_type', 'month']).doUpdateSet({
        records: sql<number>`corpus_months.records + excluded.records`,
        latest_retrieved_at: sql<number | null>`case when excluded.latest_retrieved_at >
          coalesce(corpus_months.latest_retrieved_at, excluded.latest_retrieved_at - 1)
          then excluded.latest_retrieved_at else corpus_months.latest_retrieved_at end`,
      }),
    )
    .execute();
}

/**
 * Keeps corpus_months (the coverage page) in step with a written batch, in its transaction: a new row adds one to its
 * month, a replaced row only moves the month's newest retrieval (a record's created_utc is Reddit's creation time,
 * the same in every retrieval of it). One upsert a batch.
 */
export async function recordMonthCounts(
  trx: Db,
  table: CorpusTable,
  written: readonly { readonly id: string; readonly created_utc: number; readonly retrieved_at: number }[],
  stored: ReadonlyMap<string, { readonly retrieved_at?: number }>,
): Promise<void> {
  const months = new Map<string, { delta: number; latest: number | null }>();
  for (const row of written) {
    const month = monthOf(row.created_utc);
    const entry = months.get(month) ?? { delta: 0, latest: null };
    months.set(month, entry);
    if (stored.get(row.id)?.retrieved_at === undefined) entry.delta += 1;
    entry.latest = Math.max(entry.latest ?? row.retrieved_at, row.retrieved_at);
  }
  await addToMonths(trx, table, months);
}

/** Takes erased records (their created_utc) off their months' counts, in the erasure's transaction. */
export async function subtractMonthCounts(
  trx: Db,
  table: CorpusTable,
  createdUtcs: readonly number[],
): Promise<void> {
  const months = new Map<string, { delta: number; latest: null }>();
  for (const created of createdUtcs) {
    const month = monthOf(created);
    const entry = months.get(month) ?? { delta: 0, latest: null };
    entry.delta -= 1;
    months.set(month, entry);
  }
  await addToMonths(trx, table, months);
}

/** Every month's counts of both types, oldest first (a few hundred rows). */
export async function listCorpusMonths(db: Db): Promise<CorpusMonthsTable[]> {
  const rows = await db
    .selectFrom('corpus_months')
    .select(['record_type', 'month', 'records', 'latest_retrieved_at'])
    .where('records', '>', 0)
    .orderBy('month')
    .orderBy('record_type')
    .execute();
  return rows.map((row) => ({
    ...row,
    records: Number(row.records),
    latest_retrieved_at: row.latest_retrieved_at === null ? null : Number(row.latest_retrieved_at),
  }));
}
