import SQLite from 'better-sqlite3';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../../config.ts';
import { dialectOf, withTransaction, type Db } from '../database.ts';
import type { Database } from '../schema.ts';
import type { CommentsTable, PostsTable } from '../tables/corpus.tables.ts';

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /** already stored with the same or a newer retrieval (also an older duplicate inside the batch) */
  unchanged: number;
}

type CorpusTable = 'posts' | 'comments';
type Row = PostsTable | CommentsTable;

const COLUMNS = {
  posts: [
    'id',
    'author',
    'title',
    'selftext',
    'score',
    'num_comments',
    'created_utc',
    'subreddit',
    'permalink',
    'url',
    'over_18',
    'is_deleted',
    'is_removed',
    'retrieved_at',
    'is_sample',
    'search_text',
  ],
  comments: [
    'id',
    'author',
    'body',
    'score',
    'created_utc',
    'parent_id',
    'link_id',
    'subreddit',
    'replies',
    'permalink',
    'over_18',
    'is_deleted',
    'is_removed',
    'retrieved_at',
    'is_sample',
    'search_text',
  ],
} as const satisfies Record<CorpusTable, readonly string[]>;

/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = { sqlite: 32_000, postgres: 65_000 } as const;

/**
 * Upserts one batch of posts in one transaction: a row is written only when it is new or its retrieved_at is newer
 * than the stored one (so the same file twice changes nothing), and the over_18 of the comments under written posts
 * follows the post. Keep batches small: on SQLite the write lock is held for the whole call.
 */
export async function upsertPosts(db: Db, rows: readonly PostsTable[]): Promise<UpsertCounts> {
  return withTransaction(db, async (trx) => {
    const { written, counts } = await writeNewer(trx, 'posts', rows);
    for (const flag of [0, 1]) {
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
 * Upserts one batch of comments in one transaction, then recounts `replies` for every comment the batch can have
 * changed: the parents of the written comments (also a parent a reply used to have) and the written comments
 * themselves (their children may have arrived in an earlier batch or file). over_18 comes from the post when it is
 * stored. A crash leaves either the whole batch or nothing.
 */
export async function upsertComments(db: Db, rows: readonly CommentsTable[]): Promise<UpsertCounts> {
  return withTransaction(db, async (trx) => {
    const { written, counts, previousParents } = await writeNewer(trx, 'comments', rows);
    if (written.length === 0) return counts;
    const ids = written.map((c) => c.id);
    await forChunks(trx, ids, 0, (chunk, p) =>
      CompiledQuery.raw(
        'update comments set over_18 = (select p.over_18 from posts p where p.id = substr(comments.link_id, 4)) ' +
          `where id in (${p.list(1, chunk.length)}) and exists (select 1 from posts p ` +
          'where p.id = substr(comments.link_id, 4) and p.over_18 <> comments.over_18)',
        chunk,
      ),
    );
    const touched = new Set<string>(ids);
    for (const parent of [...written.map((c) => c.parent_id), ...previousParents]) {
      if (parent.startsWith('t1_')) touched.add(parent.slice(3));
    }
    await forChunks(trx, [...touched], 0, (chunk, p) =>
      CompiledQuery.raw(
        "update comments set replies = (select count(*) from comments c where c.parent_id = 't1_' || comments.id) " +
          `where id in (${p.list(1, chunk.length)})`,
        chunk,
      ),
    );
    return counts;
  });
}

async function writeNewer<T extends Row>(
  trx: Db,
  table: CorpusTable,
  rows: readonly T[],
): Promise<{ written: T[]; counts: UpsertCounts; previousParents: string[] }> {
  const latest = new Map<string, T>();
  for (const row of rows) {
    const kept = latest.get(row.id);
    if (!kept || row.retrieved_at > kept.retrieved_at) latest.set(row.id, row);
  }
  const stored = new Map<string, { retrieved_at: number; parent_id?: string }>();
  const extra = table === 'comments' ? ', parent_id' : '';
  await forChunks(trx, [...latest.keys()], 0, async (chunk, p) => {
    const query = CompiledQuery.raw(
      `select id, retrieved_at${extra} from ${table} where id in (${p.list(1, chunk.length)})`,
      chunk,
    );
    const result = await trx.executeQuery<{ id: string; retrieved_at: number; parent_id?: string }>(query);
    for (const r of result.rows) stored.set(r.id, { retrieved_at: Number(r.retrieved_at), parent_id: r.parent_id });
  });
  const written: T[] = [];
  const previousParents: string[] = [];
  let inserted = 0;
  for (const row of latest.values()) {
    const before = stored.get(row.id);
    if (!before) inserted += 1;
    else if (row.retrieved_at <= before.retrieved_at) continue;
    else if (before.parent_id && before.parent_id !== (row as CommentsTable).parent_id) {
      previousParents.push(before.parent_id);
    }
    written.push(row);
  }
  await insertRows(trx, table, written);
  const counts = { inserted, updated: written.length - inserted, unchanged: rows.length - written.length };
  return { written, counts, previousParents };
}

async function insertRows(trx: Db, table: CorpusTable, rows: readonly Row[]): Promise<void> {
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
    await trx.executeQuery(CompiledQuery.raw(upsertSql(dialect, table, chunk.length), values));
  }
}

const upsertCache = new Map<string, string>();

function upsertSql(dialect: DatabaseDialect, table: CorpusTable, rowCount: number): string {
  const key = `${dialect}:${table}:${rowCount}`;
  let text = upsertCache.get(key);
  if (text) return text;
  const columns: readonly string[] = COLUMNS[table];
  const p = placeholders(dialect);
  const tuples: string[] = [];
  for (let r = 0; r < rowCount; r++) tuples.push(`(${p.list(r * columns.length + 1, columns.length)})`);
  const updates = columns
    .filter((c) => c !== 'id' && c !== 'replies')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  text =
    `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')} ` +
    `on conflict (id) do update set ${updates} where excluded.retrieved_at > ${table}.retrieved_at`;
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

/** Raises this connection's page cache for a bulk load (SQLite only; other connections are not affected). */
export async function prepareBulkLoad(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await db.executeQuery(CompiledQuery.raw('pragma cache_size = -262144'));
}

const LOAD_LOCK_KEY = 7_341_905_112;
const LOCK_POLL_MS = 200;

/**
 * Runs fn while holding the corpus load lock, waiting (polling, never blocking the event loop) while another
 * process or call holds it. PostgreSQL: a session advisory lock on one pooled connection. SQLite: an exclusive
 * transaction on a small lock database beside the data file, so the data file's own write lock stays free for the
 * short ingest batches. Both are released by the operating system or server if the holder dies.
 */
export async function withCorpusLoadLock<T>(
  db: Kysely<Database>,
  sqliteLockFile: string | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (dialectOf(db) === 'postgres') {
    return db.connection().execute(async (conn) => {
      for (;;) {
        const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOAD_LOCK_KEY}) as ok`.execute(conn);
        if (rows[0]?.ok) break;
        await delay(LOCK_POLL_MS);
      }
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(${LOAD_LOCK_KEY})`.execute(conn);
      }
    });
  }
  if (!sqliteLockFile) return fn();
  const lock = new SQLite(sqliteLockFile, { timeout: 0 });
  try {
    for (;;) {
      try {
        lock.exec('begin exclusive');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        await delay(LOCK_POLL_MS);
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec('rollback');
    }
  } finally {
    lock.close();
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
