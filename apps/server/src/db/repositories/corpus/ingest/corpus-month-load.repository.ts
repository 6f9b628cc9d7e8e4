import { CompiledQuery, sql } from 'kysely';
import { withTransaction, type Db } from '../../../database.ts';
import type { UpsertCounts } from './corpus-ingest.repository.ts';
import {
  attachMonth,
  buildMonthIndexes,
  listPartitions,
  listStoredColumns,
  type CorpusTable,
  type Month,
} from './corpus-partitions.repository.ts';

// PostgreSQL, partitioned corpus: a month whose partition is absent or empty when an ingest starts is loaded on its
// own (docs/decisions/041-monthly-partitions.md). Its records are COPYed into an unlogged stage table
// (`posts_load_p202401`) with their batch and place, and when the files are read the month is built from it: one
// row per id by the upsert's rules, reply counts and over_18 from the stored corpus, indexes, statistics, and one
// short transaction attaches it with its name counts and totals. Every statement runs under the ingest lock.

const run = (db: Db, text: string) => db.executeQuery(CompiledQuery.raw(text));

export const stageName = (table: CorpusTable, month: Month) => `${table}_load_${month.suffix}`;
const builtName = (table: CorpusTable, month: Month) => `${table}_${month.suffix}_load`;

/**
 * Drops the stage and half-built month tables a killed ingest left (nothing reads them: they were never attached),
 * so that their months load afresh.
 */
export async function dropAbandonedLoads(db: Db): Promise<void> {
  const { rows } = await sql<{ name: string }>`select relname as name from pg_class
    where relnamespace = current_schema()::regnamespace and relkind = 'r'
      and (relname ~ '^(posts|comments)_load_p[0-9]{6}$' or relname ~ '^(posts|comments)_p[0-9]{6}_load$')`.execute(
    db,
  );
  for (const { name } of rows) await run(db, `drop table if exists ${name}`);
}

/** Whether a month loads on its own: its partition is absent, or present with no row. */
export async function isMonthFresh(db: Db, table: CorpusTable, month: Month): Promise<boolean> {
  const name = `${table}_${month.suffix}`;
  if (!(await listPartitions(db, table)).has(name)) return true;
  const { rows } = await sql<{ x: number }>`select 1 as x from ${sql.table(name)} limit 1`.execute(db);
  return rows.length === 0;
}

/** Makes a month's stage: the table's stored columns, then the record's batch and place in it. */
export async function createStage(db: Db, table: CorpusTable, month: Month): Promise<string[]> {
  const name = stageName(table, month);
  const columns = await listStoredColumns(db, table);
  await run(db, `drop table if exists ${name}`);
  await run(db, `create unlogged table ${name} as select ${columns.join(', ')} from ${table} with no data`);
  await run(
    db,
    `alter table ${name} add column load_batch integer not null, add column load_row integer not null`,
  );
  return columns;
}

/** How many records a month's stage holds. */
export async function countStageRows(db: Db, table: CorpusTable, month: Month): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.table(stageName(table, month))}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Empties a month's stage back into batches in their order (each as the ingest read it), for the upsert path: a
 * month too small to be worth a load of its own.
 */
export async function drainStage(
  db: Db,
  table: CorpusTable,
  month: Month,
  columns: readonly string[],
): Promise<Record<string, unknown>[][]> {
  const stage = stageName(table, month);
  const { rows } = await sql<Record<string, unknown>>`select ${sql.raw(selectList(columns, ''))}, load_batch
    from ${sql.table(stage)} order by load_batch, load_row`.execute(db);
  await run(db, `drop table ${stage}`);
  const batches: Record<string, unknown>[][] = [];
  let last: unknown;
  for (const row of rows) {
    if (row.load_batch !== last) batches.push([]);
    last = row.load_batch;
    batches.at(-1)!.push(row);
  }
  return batches;
}

/** The stored columns as read back into records (the sample key as text: 64 bits do not fit a number). */
const selectList = (columns: readonly string[], prefix: string) =>
  columns
    .map((c) => (c === 'sample_key' ? `${prefix}sample_key::text as sample_key` : `${prefix}${c}`))
    .join(', ');

/** The upsert's counts of a month's stage, ids stored in another month left out (they take the upsert path). */
async function countStage(trx: Db, stage: string): Promise<UpsertCounts> {
  const { rows } = await sql<{ inserted: number; updated: number; unchanged: number }>`
    with g as (
      select id, load_batch, retrieved_at::numeric * 1000 + fields_version as rank,
        count(*) over (partition by id, load_batch) as n,
        row_number() over (partition by id, load_batch order by retrieved_at desc, load_row) as r
      from ${sql.table(stage)}
    ), c as (
      select id, rank, n, row_number() over (partition by id order by load_batch) as k,
        max(rank) over (partition by id order by load_batch rows between unbounded preceding and 1 preceding) as best
      from g where r = 1
    )
    select count(*) filter (where k = 1) as inserted,
      count(*) filter (where k > 1 and rank > best) as updated,
      coalesce(sum(n - 1), 0) + count(*) filter (where k > 1 and rank <= best) as unchanged
    from c`.execute(trx);
  const row = rows[0];
  return {
    inserted: Number(row?.inserted ?? 0),
    updated: Number(row?.updated ?? 0),
    unchanged: Number(row?.unchanged ?? 0),
  };
}

export interface MonthLoadResult {
  readonly counts: UpsertCounts;
  /** records whose id is stored in another month, in stage order: the caller upserts them once the month is attached */
  readonly elsewhere: Record<string, unknown>[];
}

/**
 * Builds a month from its stage and attaches it. The stage's records of ids stored in another month (a creation time
 * changed between retrievals) are returned, not built, and the stage is dropped with the attach.
 */
export async function finishMonthLoad(
  db: Db,
  table: CorpusTable,
  month: Month,
  columns: readonly string[],
): Promise<MonthLoadResult> {
  const stage = stageName(table, month);
  const built = builtName(table, month);
  const list = columns.join(', ');
  await run(db, `analyze ${stage}`);
  // Ids stored elsewhere leave the stage first: their rows go through the upsert once this month is attached.
  const { rows: elsewhere } = await sql<Record<string, unknown>>`delete from ${sql.table(stage)} s
    using ${sql.table(table)} t where t.id = s.id returning ${sql.raw(selectList(columns, 's.'))},
    s.load_batch, s.load_row`.execute(db);
  elsewhere.sort(
    (a, b) => Number(a.load_batch) - Number(b.load_batch) || Number(a.load_row) - Number(b.load_row),
  );
  const counts = await countStage(db, stage);
  await withTransaction(db, async (trx) => {
    await run(trx, "set local maintenance_work_mem = '512MB'");
    await run(trx, `drop table if exists ${built}`);
    await run(trx, `create table ${built} (like ${table} including defaults including generated)`);
    // The upsert's rules: in a batch the newest retrieval (the first of equals), across batches a newer retrieval
    // or the same one with more fields filled (the first of equals).
    await run(
      trx,
      `insert into ${built} (${list}) select ${list} from (select distinct on (id) * from (` +
        `select distinct on (id, load_batch) * from ${stage} order by id, load_batch, retrieved_at desc, load_row) b ` +
        'order by id, retrieved_at desc, fields_version desc, load_batch) d',
    );
    if (table === 'comments') await deriveCommentFields(trx, built);
    // Names of their own: an empty partition of the month (replaced at the attach) may still hold the plain ones.
    await buildMonthIndexes(trx, table, built, month, `${month.suffix}_${Date.now().toString(36)}`);
  });
  await attachLoadedMonth(db, table, month, built, stage);
  return { counts, elsewhere };
}

/** A loaded month's comments: over_18 of their stored posts, reply counts over the month and the stored corpus. */
async function deriveCommentFields(trx: Db, built: string): Promise<void> {
  await run(
    trx,
    `update ${built} c set over_18 = p.over_18 from posts p where p.id = substr(c.link_id, 4) ` +
      'and c.over_18 <> p.over_18',
  );
  await run(
    trx,
    `update ${built} c set replies = k.n from (select parent_id, count(*) as n from (` +
      `select parent_id from ${built} where parent_id like 't1_%' union all ` +
      `select s.parent_id from comments s where s.parent_id in (select 't1_' || id from ${built})) x ` +
      "group by parent_id) k where k.parent_id = 't1_' || c.id and c.replies <> k.n",
  );
  await run(
    trx,
    `update ${built} c set replies = 0 where replies <> 0 and not exists (select 1 from ${built} k ` +
      "where k.parent_id = 't1_' || c.id) and not exists (select 1 from comments s where s.parent_id = 't1_' || c.id)",
  );
}

const NAME_FIELDS: Record<CorpusTable, readonly ('subreddit' | 'author' | 'domain')[]> = {
  posts: ['subreddit', 'author', 'domain'],
  comments: ['subreddit', 'author'],
};

/**
 * One short transaction: an empty partition of the month is replaced, the built table attached (its CHECK spares
 * the scan, its indexes match the parent's), the stage dropped, and with them the name counts and totals, the
 * over_18 of stored comments under the month's posts, and the reply counts of stored parents of its comments.
 */
async function attachLoadedMonth(
  db: Db,
  table: CorpusTable,
  month: Month,
  built: string,
  stage: string,
): Promise<void> {
  const name = `${table}_${month.suffix}`;
  await withTransaction(db, async (trx) => {
    await run(trx, "set local lock_timeout = '30s'");
    if ((await listPartitions(trx, table)).has(name)) {
      await run(trx, `alter table ${table} detach partition ${name}`);
      await run(trx, `drop table ${name}`);
    }
    for (const field of NAME_FIELDS[table]) {
      await run(
        trx,
        'insert into corpus_names (field, name_key, name, records) ' +
          `select '${field}', ${field}_key, min(${field}), count(*) from ${built} where ${field} <> '' ` +
          `group by ${field}_key on conflict (field, name_key) do update set records = corpus_names.records + excluded.records`,
      );
    }
    await run(
      trx,
      'insert into corpus_totals (record_type, is_sample, records, latest_retrieved_at) ' +
        `select '${table}', is_sample, count(*), max(retrieved_at) from ${built} group by is_sample ` +
        'on conflict (record_type, is_sample) do update set records = corpus_totals.records + excluded.records, ' +
        'latest_retrieved_at = greatest(coalesce(corpus_totals.latest_retrieved_at, excluded.latest_retrieved_at), ' +
        'excluded.latest_retrieved_at)',
    );
    // The coverage counts (corpus_months, decision 043) of the month loaded, as an upsert batch keeps them.
    await run(
      trx,
      'insert into corpus_months (record_type, month, records, latest_retrieved_at) ' +
        `select '${table}', to_char(to_timestamp(created_utc) at time zone 'UTC', 'YYYY-MM'), count(*), ` +
        `max(retrieved_at) from ${built} group by 2 ` +
        'on conflict (record_type, month) do update set records = corpus_months.records + excluded.records, ' +
        'latest_retrieved_at = greatest(coalesce(corpus_months.latest_retrieved_at, excluded.latest_retrieved_at), ' +
        'excluded.latest_retrieved_at)',
    );
    if (table === 'posts') {
      await run(
        trx,
        `update comments c set over_18 = p.over_18 from ${built} p where c.link_id = 't3_' || p.id ` +
          'and c.over_18 <> p.over_18',
      );
    }
    await run(trx, `alter table ${built} rename to ${name}`);
    await attachMonth(trx, table, name, month);
    await run(trx, `drop table ${stage}`);
    if (table === 'comments') {
      await run(
        trx,
        "update comments set replies = (select count(*) from comments c where c.parent_id = 't1_' || comments.id) " +
          `where id in (select substr(parent_id, 4) from ${name} where parent_id like 't1_%') ` +
          `and not (created_utc >= ${month.from} and created_utc < ${month.to})`,
      );
    }
  });
}
