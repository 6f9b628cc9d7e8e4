import { CompiledQuery } from 'kysely';
import { asciiLower } from '@threadcart/contracts';
import type { DatabaseDialect } from '../../../../config.ts';
import { dialectOf, withTransaction, type Db } from '../../../database.ts';
import type { CommentsTable, PostsTable } from '../../../tables/corpus.tables.ts';
import { recordMonthCounts } from './corpus-months.repository.ts';
import { preparePartitionedBatch } from './corpus-partitions.repository.ts';
import { withBatchedSearchSync } from './corpus-search-sync.repository.ts';

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /** already stored with the same or a newer retrieval (also an older duplicate inside the batch) */
  unchanged: number;
}

type CorpusTable = 'posts' | 'comments';
type Row = PostsTable | CommentsTable;

export interface UpsertOptions {
  /** PostgreSQL: COPY on the writer's connection (then a staging table and one merge per batch) */
  readonly copy?: CopyIn;
  /**
   * A bulk load: corpus_names is not kept batch by batch but rebuilt from the tables when the load ends
   * (rebuildCorpusNames; docs/decisions/027-bulk-ingest.md).
   */
  readonly namesDeferred?: boolean;
}

/** Column order of the multi-row inserts: every column of corpus.tables.ts. */
const COLUMNS: Record<CorpusTable, readonly string[]> = {
  posts: (
    'id author title selftext score num_comments created_utc subreddit permalink url over_18 is_deleted is_removed ' +
    'retrieved_at is_sample search_text post_kind domain flair fields_version sample_key'
  ).split(' '),
  comments: (
    'id author body score created_utc parent_id link_id subreddit replies permalink over_18 is_deleted is_removed ' +
    'retrieved_at is_sample search_text fields_version sample_key'
  ).split(' '),
};

/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = { sqlite: 32_000, postgres: 65_000 } as const;

/**
 * Upserts one batch of posts in one transaction: a row is written only when it is new or its retrieved_at is newer
 * than the stored one (so the same file twice changes nothing), and the over_18 of the comments under written posts
 * follows the post. Keep batches small: on SQLite the write lock is held for the whole call.
 */
export async function upsertPosts(
  db: Db,
  rows: readonly PostsTable[],
  options: UpsertOptions = {},
): Promise<UpsertCounts> {
  return withTransaction(db, async (trx) => {
    await tuneBatch(trx);
    const { written, stored, counts } = await selectNewer(trx, 'posts', rows);
    const conflict = await preparePartitionedBatch(trx, 'posts', written, stored);
    await withBatchedSearchSync(trx, 'posts', idsOf(written), () =>
      writeRows(trx, 'posts', written, options.copy, conflict),
    );
    if (!options.namesDeferred) await countNames(trx, 'posts', written, stored);
    await countTotals(trx, 'posts', written, stored);
    await recordMonthCounts(trx, 'posts', written, stored);
    // Dumps are usually ingested RS before RC: with no comment stored yet there is nothing to propagate.
    const anyComment = await trx.executeQuery(CompiledQuery.raw('select 1 as x from comments limit 1'));
    for (const flag of anyComment.rows.length > 0 ? [0, 1] : []) {
      const linkIds = written.filter((p) => p.over_18 === flag).map((p) => `t3_${p.id}`);
      await forChunks(trx, linkIds, 2, (chunk, p) =>
        CompiledQuery.raw(
          `update comments set over_18 = ${p(1)} where over_18 <> ${p(2)} and link_id in (${p.list(3, chunk.length)})`,
          [flag, flag, ...chunk],
        ),
      );
    }
    return counts;
  });
}

/**
 * Upserts one batch of comments in one transaction. Before writing, each written comment gets the over_18 of its
 * post (when stored) and its reply count (children stored earlier, also in an earlier file, plus children in this
 * batch); after writing, the parents outside the batch (also a parent a moved reply used to have) are recounted.
 * Counts are set in the inserted rows rather than by updates (on PostgreSQL an update rewrites every index of the
 * row and its tsvector). A crash leaves either the whole batch or nothing. Assumes one ingest at a time (the sample
 * load takes a lock; the CLI is one run).
 */
export async function upsertComments(
  db: Db,
  rows: readonly CommentsTable[],
  options: UpsertOptions = {},
): Promise<UpsertCounts> {
  return withTransaction(db, async (trx) => {
    await tuneBatch(trx);
    const { written, stored, counts } = await selectNewer(trx, 'comments', rows);
    if (written.length === 0) return counts;
    await inheritOver18(trx, written);
    const ownIds = new Set(written.map((c) => c.id));
    const replies = new Map<string, number>();
    for (const id of ownIds) replies.set(id, stored.get(id)?.children ?? 0);
    const outside = new Set<string>();
    for (const row of written) {
      const previous = stored.get(row.id)?.parent_id;
      if (previous) shiftCount(replies, ownIds, outside, previous, -1);
      shiftCount(replies, ownIds, outside, row.parent_id, +1);
    }
    for (const row of written) row.replies = replies.get(row.id) ?? 0;
    const conflict = await preparePartitionedBatch(trx, 'comments', written, stored);
    await withBatchedSearchSync(trx, 'comments', idsOf(written), () =>
      writeRows(trx, 'comments', written, options.copy, conflict),
    );
    if (!options.namesDeferred) await countNames(trx, 'comments', written, stored);
    await countTotals(trx, 'comments', written, stored);
    await recordMonthCounts(trx, 'comments', written, stored);
    // An outside parent gained (or, for a moved reply, lost) a child: recount it, without a `<>` guard (it changed).
    await forChunks(trx, [...outside], 0, (chunk, p) =>
      CompiledQuery.raw(
        "update comments set replies = (select count(*) from comments c where c.parent_id = 't1_' || comments.id) " +
          `where id in (${p.list(1, chunk.length)})`,
        chunk,
      ),
    );
    return counts;
  });
}

/**
 * PostgreSQL only, for this transaction: a table filled since its last ANALYZE has wild cost estimates, which make
 * the server JIT-compile every batch query (a quarter of a second each) although each runs in a millisecond; and
 * the commit need not wait for its WAL flush (a crash can lose the last batches only, which a re-run writes again,
 * never corrupt anything).
 */
async function tuneBatch(trx: Db): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.executeQuery(CompiledQuery.raw('set local jit = off'));
  await trx.executeQuery(CompiledQuery.raw('set local synchronous_commit = off'));
}

const idsOf = (rows: readonly Row[]) => rows.map((row) => row.id);

/** Adds delta to the reply count of a `t1_` parent that is in the batch, or marks an outside parent for a recount. */
function shiftCount(
  counts: Map<string, number>,
  own: Set<string>,
  outside: Set<string>,
  parent: string,
  delta: number,
) {
  if (!parent.startsWith('t1_')) return;
  const id = parent.slice(3);
  if (own.has(id)) counts.set(id, (counts.get(id) ?? 0) + delta);
  else outside.add(id);
}

/** A comment's NSFW state is its post's (reddit-data.md §3.8); comments of posts not stored yet keep their own. */
async function inheritOver18(trx: Db, rows: CommentsTable[]): Promise<void> {
  const postIds = [...new Set(rows.map((c) => c.link_id.slice(3)))];
  const over18 = new Map<string, number>();
  await forChunks(trx, postIds, 0, async (chunk, p) => {
    const result = await trx.executeQuery<{ id: string; over_18: number }>(
      CompiledQuery.raw(`select id, over_18 from posts where id in (${p.list(1, chunk.length)})`, chunk),
    );
    for (const r of result.rows) over18.set(r.id, Number(r.over_18));
  });
  for (const row of rows) row.over_18 = over18.get(row.link_id.slice(3)) ?? row.over_18;
}

/**
 * A row replaces the stored one when it comes from a newer retrieval, or from the same retrieval with more fields
 * filled (rows stored before the filter fields existed are rewritten by ingesting their files again).
 */
const isNewer = (row: Row, storedAt: number, storedVersion: number) =>
  row.retrieved_at > storedAt || (row.retrieved_at === storedAt && row.fields_version > storedVersion);
const NEWER = (table: CorpusTable) =>
  `(excluded.retrieved_at > ${table}.retrieved_at or (excluded.retrieved_at = ${table}.retrieved_at ` +
  `and excluded.fields_version > ${table}.fields_version))`;

async function selectNewer<T extends Row>(
  trx: Db,
  table: CorpusTable,
  rows: readonly T[],
): Promise<{ written: T[]; stored: Map<string, StoredRow>; counts: UpsertCounts }> {
  const latest = new Map<string, T>();
  for (const row of rows) {
    const kept = latest.get(row.id);
    if (!kept || row.retrieved_at > kept.retrieved_at) latest.set(row.id, row);
  }
  const stored = new Map<string, StoredRow>();
  await forChunks(trx, [...latest.keys()], 0, async (chunk, p) => {
    const query =
      table === 'posts'
        ? CompiledQuery.raw(
            'select id, retrieved_at, fields_version, is_sample, subreddit, author, domain, created_utc from posts ' +
              `where id in (${p.list(1, chunk.length)})`,
            chunk,
          )
        : // Comments: the stored row and the children already stored, one correlated count per id (it uses the
          // parent_id index whatever the planner's statistics say).
          CompiledQuery.raw(
            `with v(id) as (values ${chunk.map((_, i) => `(${p(i + 1)})`).join(', ')}) ` +
              'select v.id as id, c.retrieved_at as retrieved_at, c.fields_version as fields_version, ' +
              'c.is_sample as is_sample, ' +
              'c.parent_id as parent_id, c.subreddit as subreddit, c.author as author, c.created_utc as created_utc, ' +
              "(select count(*) from comments k where k.parent_id = 't1_' || v.id) as children " +
              'from v left join comments c on c.id = v.id',
            chunk,
          );
    const result = await trx.executeQuery<StoredRow & { id: string; is_sample?: number }>(query);
    for (const r of result.rows) {
      const isStored = r.retrieved_at !== null && r.retrieved_at !== undefined;
      stored.set(r.id, {
        retrieved_at: isStored ? Number(r.retrieved_at) : undefined,
        fields_version: Number(r.fields_version ?? 0),
        parent_id: r.parent_id ?? undefined,
        children: Number(r.children ?? 0),
        ...(isStored
          ? {
              isSample: Number(r.is_sample),
              subreddit: r.subreddit,
              author: r.author,
              domain: r.domain ?? '',
              createdUtc: Number(r.created_utc),
            }
          : {}),
      });
    }
  });
  const written: T[] = [];
  let inserted = 0;
  for (const row of latest.values()) {
    const storedAt = stored.get(row.id)?.retrieved_at;
    if (storedAt !== undefined && !isNewer(row, storedAt, stored.get(row.id)?.fields_version ?? 0)) continue;
    if (storedAt === undefined) inserted += 1;
    written.push(row);
  }
  const counts = { inserted, updated: written.length - inserted, unchanged: rows.length - written.length };
  return { written, stored, counts };
}

/** What the batch lookup found: the stored row's retrieval and parent (absent when not stored), its children. */
interface StoredRow {
  retrieved_at?: number;
  fields_version?: number;
  parent_id?: string;
  children?: number;
  /** the stored row's is_sample (for the totals) */
  isSample?: number;
  /** the stored row's names (for the name counts) */
  subreddit?: string;
  author?: string;
  domain?: string;
  /** the stored row's created_utc (a partitioned corpus moves a row whose creation time changed) */
  createdUtc?: number;
  created_utc?: number;
}

const NAME_FIELDS: Record<CorpusTable, readonly ('subreddit' | 'author' | 'domain')[]> = {
  posts: ['subreddit', 'author', 'domain'],
  comments: ['subreddit', 'author'],
};

/**
 * Keeps corpus_names (the builder's suggestions) in step with a written batch: a new row adds one to each of its
 * names, a replaced row takes one from its stored names and adds one to its new ones. One upsert per batch, the
 * deltas summed by name; a name's display form is the first one stored.
 */
async function countNames(
  trx: Db,
  table: CorpusTable,
  written: readonly Row[],
  stored: ReadonlyMap<string, StoredRow>,
): Promise<void> {
  const deltas = new Map<string, { field: string; key: string; name: string; delta: number }>();
  const shift = (field: string, name: string | undefined, delta: number) => {
    if (!name) return;
    const key = asciiLower(name);
    const id = `${field}\u0000${key}`;
    const entry = deltas.get(id);
    if (entry) entry.delta += delta;
    else deltas.set(id, { field, key, name, delta });
  };
  for (const row of written) {
    const record = row as unknown as Record<string, string>;
    const before = stored.get(row.id);
    for (const field of NAME_FIELDS[table]) {
      if (before?.retrieved_at !== undefined) shift(field, before[field], -1);
      shift(field, record[field], +1);
    }
  }
  const changed = [...deltas.values()].filter((entry) => entry.delta !== 0);
  const dialect = dialectOf(trx);
  const perStatement = Math.floor(MAX_PARAMETERS[dialect] / 4);
  for (let start = 0; start < changed.length; start += perStatement) {
    const chunk = changed.slice(start, start + perStatement);
    const p = placeholders(dialect);
    await trx.executeQuery(
      CompiledQuery.raw(
        'insert into corpus_names (field, name_key, name, records) values ' +
          chunk.map((_, i) => `(${p.list(i * 4 + 1, 4)})`).join(', ') +
          ' on conflict (field, name_key) do update set records = corpus_names.records + excluded.records',
        chunk.flatMap((entry) => [entry.field, entry.key, entry.name, entry.delta]),
      ),
    );
  }
}

/**
 * Keeps corpus_totals (an order's manifest snapshot) in step with a written batch: a new row adds one to its slice
 * (real or sample), a replaced row moves from its stored slice to its new one, and each slice's newest retrieval is
 * the greatest seen (a row is replaced only by a newer retrieval, so it never goes back). One upsert per slice.
 */
async function countTotals(
  trx: Db,
  table: CorpusTable,
  written: readonly Row[],
  stored: ReadonlyMap<string, StoredRow>,
): Promise<void> {
  const slices = new Map<number, { delta: number; latest: number | null }>();
  const slice = (isSample: number) => {
    const entry = slices.get(isSample) ?? { delta: 0, latest: null };
    slices.set(isSample, entry);
    return entry;
  };
  for (const row of written) {
    const before = stored.get(row.id);
    if (before?.retrieved_at !== undefined) slice(before.isSample ?? 0).delta -= 1;
    const after = slice(Number(row.is_sample));
    after.delta += 1;
    after.latest = Math.max(after.latest ?? row.retrieved_at, row.retrieved_at);
  }
  const dialect = dialectOf(trx);
  const greatest = dialect === 'postgres' ? 'greatest' : 'max';
  const p = placeholders(dialect);
  for (const [isSample, { delta, latest }] of slices) {
    await trx.executeQuery(
      CompiledQuery.raw(
        `insert into corpus_totals (record_type, is_sample, records, latest_retrieved_at) values (${p.list(1, 4)}) ` +
          'on conflict (record_type, is_sample) do update set records = corpus_totals.records + excluded.records, ' +
          `latest_retrieved_at = ${greatest}(coalesce(corpus_totals.latest_retrieved_at, excluded.latest_retrieved_at), ` +
          'coalesce(excluded.latest_retrieved_at, corpus_totals.latest_retrieved_at))',
        [table, isSample, delta, latest],
      ),
    );
  }
}

/**
 * Streams rows into a table with PostgreSQL's COPY on the writer's only connection (the caller's transaction):
 * `text` is COPY's text format, one line a row, the columns in `columns`' order.
 */
export type CopyIn = (table: string, columns: readonly string[], text: string) => Promise<void>;

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format (the normaliser already removed NUL, which PostgreSQL text cannot hold). */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return String(value).replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!);
}

/**
 * Writes the new or newer rows of a batch. PostgreSQL with a COPY channel: COPY into a temporary staging table
 * (emptied at every commit), then one merge with the same `on conflict … where newer` rule as the multi-row insert.
 */
async function writeRows(
  trx: Db,
  table: CorpusTable,
  rows: readonly Row[],
  copy: CopyIn | undefined,
  conflict: string,
): Promise<void> {
  if (rows.length === 0) return;
  if (!copy || dialectOf(trx) !== 'postgres') return insertRows(trx, table, rows, conflict);
  const columns: readonly string[] = COLUMNS[table];
  const stage = `${table}_stage`;
  await trx.executeQuery(
    CompiledQuery.raw(`create temp table if not exists ${stage} (like ${table}) on commit delete rows`),
  );
  const lines: string[] = [];
  for (const row of rows) {
    const record = row as unknown as Record<string, unknown>;
    lines.push(columns.map((column) => copyField(record[column])).join('\t'));
  }
  await copy(stage, columns, `${lines.join('\n')}\n`);
  await trx.executeQuery(
    CompiledQuery.raw(
      `insert into ${table} (${columns.join(', ')}) select ${columns.join(', ')} from ${stage} ` +
        `on conflict (${conflict}) do update set ${updateList(table)} where ${NEWER(table)}`,
    ),
  );
}

const updateList = (table: CorpusTable) =>
  COLUMNS[table]
    .filter((c) => c !== 'id')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');

async function insertRows(
  trx: Db,
  table: CorpusTable,
  rows: readonly Row[],
  conflict: string,
): Promise<void> {
  const columns: readonly string[] = COLUMNS[table];
  const dialect = dialectOf(trx);
  const perStatement = Math.floor(MAX_PARAMETERS[dialect] / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values: unknown[] = [];
    for (const row of chunk) {
      const record = row as unknown as Record<string, unknown>;
      for (const column of columns) values.push(record[column]);
    }
    await trx.executeQuery(CompiledQuery.raw(upsertSql(dialect, table, chunk.length, conflict), values));
  }
}

const upsertCache = new Map<string, string>();

function upsertSql(dialect: DatabaseDialect, table: CorpusTable, rowCount: number, conflict: string): string {
  const key = `${dialect}:${table}:${rowCount}:${conflict}`;
  let text = upsertCache.get(key);
  if (text) return text;
  const columns: readonly string[] = COLUMNS[table];
  const p = placeholders(dialect);
  const tuples: string[] = [];
  for (let r = 0; r < rowCount; r++) tuples.push(`(${p.list(r * columns.length + 1, columns.length)})`);
  text =
    `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')} ` +
    `on conflict (${conflict}) do update set ${updateList(table)} where ${NEWER(table)}`;
  if (upsertCache.size > 64) upsertCache.clear();
  upsertCache.set(key, text);
  return text;
}

interface Placeholders {
  (n: number): string;
  list(from: number, count: number): string;
}

function placeholders(dialect: DatabaseDialect): Placeholders {
  const one = (n: number) => (dialect === 'postgres' ? `$${n}` : '?');
  return Object.assign(one, {
    list: (from: number, count: number) => Array.from({ length: count }, (_, i) => one(from + i)).join(', '),
  });
}

/** Runs a statement per chunk of values so that no statement exceeds the dialect's parameter limit. */
async function forChunks(
  trx: Db,
  values: readonly string[],
  fixedParameters: number,
  build: (chunk: string[], p: Placeholders) => CompiledQuery | Promise<void>,
): Promise<void> {
  const dialect = dialectOf(trx);
  const size = MAX_PARAMETERS[dialect] - fixedParameters - 2;
  for (let start = 0; start < values.length; start += size) {
    const result = build(values.slice(start, start + size), placeholders(dialect));
    if (result instanceof Promise) await result;
    else await trx.executeQuery(result);
  }
}
