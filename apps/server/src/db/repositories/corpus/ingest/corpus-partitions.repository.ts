import { CompiledQuery, sql } from 'kysely';
import { dialectOf, withTransaction, type Db } from '../../../database.ts';

// PostgreSQL: the corpus tables partitioned by month of created_utc (docs/decisions/041-monthly-partitions.md). The
// layout is the database's own: `posts` is either a plain table or a partitioned one (pg_class.relkind 'p'), chosen
// by `npm run corpus -- partition`. Every statement here runs under the ingest lock (withIngestLock).

export type CorpusTable = 'posts' | 'comments';

/** Months from here to MONTHS_END get their own partition; any other created_utc goes to the default one. */
const MONTHS_START = Date.UTC(2005, 0, 1) / 1000;
const MONTHS_END = Date.UTC(2100, 0, 1) / 1000;

/** One month of created_utc: [from, to) in epoch seconds, and the suffix of its partition (`p202401`). */
export interface Month {
  readonly suffix: string;
  readonly from: number;
  readonly to: number;
}

/** The month a creation time falls in, or undefined for a stray date (kept by the default partition). */
export function monthOf(createdUtc: number): Month | undefined {
  if (createdUtc < MONTHS_START || createdUtc >= MONTHS_END) return undefined;
  const date = new Date(createdUtc * 1000);
  return monthAt(date.getUTCFullYear(), date.getUTCMonth());
}

function monthAt(year: number, month: number): Month {
  const from = Date.UTC(year, month, 1) / 1000;
  const to = Date.UTC(year, month + 1, 1) / 1000;
  return { suffix: `p${year}${String(month + 1).padStart(2, '0')}`, from, to };
}

/** Whether this database keeps the corpus in monthly partitions (never on SQLite). */
export async function isCorpusPartitioned(db: Db): Promise<boolean> {
  if (dialectOf(db) !== 'postgres') return false;
  const { rows } = await sql<{ kind: string }>`select relkind as kind from pg_class
    where oid = to_regclass('posts')`.execute(db);
  return rows[0]?.kind === 'p';
}

/** The partitions a partitioned corpus table has, by name. */
export async function listPartitions(db: Db, table: CorpusTable): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/** The columns a row is written with (the generated ones are computed by the table). */
export async function listStoredColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows.map((r) => r.name);
}

/** The CREATE INDEX statements of a table's indexes (pg_indexes), the primary key left out. */
async function listIndexDefinitions(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`select indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = ${table} and indexname <> ${`${table}_pkey`}
    order by indexname`.execute(db);
  return rows.map((r) => r.definition);
}

/**
 * An index statement of the parent made for one of its partitions (`on only` dropped), named after the parent's
 * index with the partition's suffix (`posts_created_idx_p202401`), so a plan names the index it walks.
 */
export const indexFor = (definition: string, target: string, suffix: string): string =>
  definition.replace(
    /^CREATE (UNIQUE )?INDEX (\S+) ON (ONLY )?\S+ /i,
    `CREATE $1INDEX $2_${suffix} ON ${target} `,
  );

const run = (db: Db, text: string) => db.executeQuery(CompiledQuery.raw(text));

/**
 * Gives every month of `createdUtcs` a partition, each made as a plain empty table and attached (ATTACH takes a lock
 * that lets searches read on, where CREATE … PARTITION OF would stop them). Rows a factory or an older run left in
 * the default partition for such a month move into it first. Runs in the caller's transaction.
 */
export async function ensureMonthPartitions(
  trx: Db,
  table: CorpusTable,
  createdUtcs: Iterable<number>,
): Promise<void> {
  const months = new Map<string, Month>();
  for (const created of createdUtcs) {
    const month = monthOf(created);
    if (month) months.set(month.suffix, month);
  }
  if (months.size === 0) return;
  const present = await listPartitions(trx, table);
  for (const month of months.values()) {
    const name = `${table}_${month.suffix}`;
    if (present.has(name)) continue;
    await run(trx, `create table ${name} (like ${table} including defaults including generated)`);
    const columns = (await listStoredColumns(trx, name)).join(', ');
    await run(
      trx,
      `with moved as (delete from ${table}_default where created_utc >= ${month.from} and created_utc < ${month.to} ` +
        `returning *) insert into ${name} (${columns}) select ${columns} from moved`,
    );
    await buildMonthIndexes(trx, table, name, month);
    await attachMonth(trx, table, name, month);
  }
}

const rangeCheck = (month: Month) => `check (created_utc >= ${month.from} and created_utc < ${month.to})`;

/**
 * Attaches a month's table (it has the CHECK of its range, so the attach reads none of its rows; the default
 * partition, which holds stray dates only, is read). Indexes the table lacks are built by the attach.
 */
export async function attachMonth(trx: Db, table: CorpusTable, name: string, month: Month): Promise<void> {
  await run(
    trx,
    `alter table ${table} attach partition ${name} for values from (${month.from}) to (${month.to})`,
  );
  await run(trx, `alter table ${name} drop constraint if exists ${name}_range`);
}

/**
 * A newer retrieval whose created_utc differs from the stored row's lands in another partition: the stored row is
 * deleted first, so the id stays unique (the primary key is (id, created_utc)). Runs in the batch's transaction.
 */
export async function deleteMovedRows(
  trx: Db,
  table: CorpusTable,
  moved: readonly { id: string; created_utc: number }[],
): Promise<void> {
  for (const row of moved) {
    await trx.executeQuery(
      CompiledQuery.raw(`delete from ${table} where id = $1 and created_utc = $2`, [row.id, row.created_utc]),
    );
  }
}

/** The months that hold rows of a plain corpus table, and whether it has rows outside them. */
async function listStoredMonths(
  db: Db,
  table: CorpusTable,
): Promise<{ months: Month[]; hasStrays: boolean }> {
  const { rows } = await sql<{ y: number; m: number }>`select distinct
      extract(year from to_timestamp(created_utc) at time zone 'UTC')::int as y,
      extract(month from to_timestamp(created_utc) at time zone 'UTC')::int as m
    from ${sql.table(table)} where created_utc >= ${MONTHS_START} and created_utc < ${MONTHS_END}
    order by 1, 2`.execute(db);
  const strays = await sql<{ x: number }>`select 1 as x from ${sql.table(table)}
    where created_utc < ${MONTHS_START} or created_utc >= ${MONTHS_END} limit 1`.execute(db);
  return { months: rows.map((r) => monthAt(r.y, r.m - 1)), hasStrays: strays.rows.length > 0 };
}

/** Marks a month table whose copy, indexes and statistics are complete (a resumed conversion keeps it). */
const COMPLETE = 'threadcart: month copied';

async function isComplete(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql<{ note: string | null }>`select obj_description(to_regclass(${name}), 'pg_class')
    as note`.execute(db);
  return rows[0]?.note === COMPLETE;
}

/**
 * Copies one month (or the strays, month undefined) of a plain table into its own table with every index of the
 * source and statistics, in one transaction; the source keeps its rows and keeps answering searches meanwhile.
 */
async function copyMonth(db: Db, table: CorpusTable, name: string, month: Month | undefined): Promise<void> {
  await withTransaction(db, async (trx) => {
    await run(trx, "set local maintenance_work_mem = '512MB'");
    await run(trx, `drop table if exists ${name}`);
    await run(trx, `create table ${name} (like ${table} including defaults including generated)`);
    const columns = (await listStoredColumns(trx, name)).join(', ');
    const where = month
      ? `created_utc >= ${month.from} and created_utc < ${month.to}`
      : `created_utc < ${MONTHS_START} or created_utc >= ${MONTHS_END}`;
    await run(trx, `insert into ${name} (${columns}) select ${columns} from ${table} where ${where}`);
    await buildMonthIndexes(trx, table, name, month);
    await run(trx, `comment on table ${name} is '${COMPLETE}'`);
  });
}

/**
 * Builds on a month's table the primary key (id, created_utc) and every index the parent (or the plain table) has,
 * its CHECK of the range, and its statistics, so that attaching it reads no row and builds no index.
 */
export async function buildMonthIndexes(
  trx: Db,
  table: CorpusTable,
  name: string,
  month: Month | undefined,
  suffix = name.slice(table.length + 1),
): Promise<void> {
  await run(trx, `alter table ${name} add constraint ${table}_pkey_${suffix} primary key (id, created_utc)`);
  for (const definition of await listIndexDefinitions(trx, table))
    await run(trx, indexFor(definition, name, suffix));
  if (month)
    await run(trx, `alter table ${name} add constraint ${table}_${month.suffix}_range ${rangeCheck(month)}`);
  await run(trx, `analyze ${name}`);
}

export interface PartitionProgress {
  readonly table: CorpusTable;
  /** the month's table (`posts_p202401`), or `<table>_default` for stray dates */
  readonly name: string;
  readonly done: number;
  readonly total: number;
  readonly isResumed: boolean;
}

/**
 * Turns a plain corpus table into one partitioned by month: each month is copied into its own indexed table (one
 * transaction each, so a killed run resumes at the month it was in), then one short transaction swaps the plain table
 * for a partitioned parent with the same indexes and attaches the months and the default partition. Searches read the
 * plain table until the swap. Does nothing on a table already partitioned.
 */
export async function partitionCorpusTable(
  db: Db,
  table: CorpusTable,
  onProgress?: (progress: PartitionProgress) => void,
): Promise<void> {
  const { rows } = await sql<{ kind: string }>`select relkind as kind from pg_class
    where oid = ${table}::regclass`.execute(db);
  if (rows[0]?.kind === 'p') return;
  for (let attempt = 0; ; attempt++) {
    const { months, hasStrays } = await listStoredMonths(db, table);
    const parts: { name: string; month: Month | undefined }[] = [
      ...months.map((month) => ({ name: `${table}_${month.suffix}`, month })),
      ...(hasStrays ? [{ name: `${table}_default`, month: undefined }] : []),
    ];
    for (const [index, part] of parts.entries()) {
      const isResumed = await isComplete(db, part.name);
      if (!isResumed) await copyMonth(db, table, part.name, part.month);
      onProgress?.({ table, name: part.name, done: index + 1, total: parts.length, isResumed });
    }
    if (await swapForPartitioned(db, table, parts)) return;
    // Rows were written since a month was copied (an ingest between an interrupted run and this one): copy afresh.
    for (const part of parts) await run(db, `comment on table ${part.name} is null`);
    if (attempt > 0) throw new Error(`${table}: records were added while the months were copied.`);
  }
}

async function swapForPartitioned(
  db: Db,
  table: CorpusTable,
  parts: readonly { name: string; month: Month | undefined }[],
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    await run(trx, "set local lock_timeout = '30s'");
    await run(trx, `lock table ${table} in access exclusive mode`);
    const copied = await sql<{ n: number }>`select coalesce(sum(n), 0)::bigint as n from (${sql.join(
      [sql`select 0::bigint as n`, ...parts.map((p) => sql`select count(*) as n from ${sql.table(p.name)}`)],
      sql` union all `,
    )}) c`.execute(trx);
    const stored = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(trx);
    if (Number(copied.rows[0]?.n) !== Number(stored.rows[0]?.n)) return false;
    const definitions = await listIndexDefinitions(trx, table);
    await run(
      trx,
      `create table ${table}_parent (like ${table} including defaults including generated) ` +
        'partition by range (created_utc)',
    );
    await run(trx, `drop table ${table}`);
    await run(trx, `alter table ${table}_parent rename to ${table}`);
    await run(trx, `alter table ${table} add primary key (id, created_utc)`);
    for (const definition of definitions) await run(trx, definition);
    for (const part of parts) {
      await run(trx, `comment on table ${part.name} is null`);
      if (part.month) await attachMonth(trx, table, part.name, part.month);
      else await run(trx, `alter table ${table} attach partition ${part.name} default`);
    }
    if (!parts.some((p) => !p.month)) {
      await run(trx, `create table ${table}_default (like ${table} including defaults including generated)`);
      await buildMonthIndexes(trx, table, `${table}_default`, undefined);
      await run(trx, `alter table ${table} attach partition ${table}_default default`);
    }
    return true;
  });
}

/**
 * Before a batch's upsert: on a partitioned corpus, gives the batch's months their partitions and deletes the stored
 * rows whose created_utc the batch changes (they move to another partition). Returns the upsert's conflict target:
 * `id` on a plain table, `id, created_utc` (the partitioned primary key) otherwise.
 */
export async function preparePartitionedBatch(
  trx: Db,
  table: CorpusTable,
  written: readonly { id: string; created_utc: number }[],
  stored: ReadonlyMap<string, { createdUtc?: number }>,
): Promise<string> {
  if (written.length === 0 || !(await isCorpusPartitioned(trx))) return 'id';
  await ensureMonthPartitions(
    trx,
    table,
    written.map((row) => row.created_utc),
  );
  const moved: { id: string; created_utc: number }[] = [];
  for (const row of written) {
    const before = stored.get(row.id)?.createdUtc;
    if (before !== undefined && before !== row.created_utc) moved.push({ id: row.id, created_utc: before });
  }
  await deleteMovedRows(trx, table, moved);
  return 'id, created_utc';
}
