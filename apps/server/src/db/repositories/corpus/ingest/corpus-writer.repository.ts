// The ingest's connection and its lock: the writer a load writes through (SQLite: a second connection with a
// statement cache; PostgreSQL: a connection of its own that can COPY), planner statistics after a load, and the
// corpus load lock that keeps two loads (or a load and the sample corpus) apart.
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { dialectOf, isInTransaction, type Db } from '../../../database.ts';
import type { Database } from '../../../schema.ts';
import type { CopyIn } from './corpus-ingest.repository.ts';

export interface BulkWriter {
  readonly db: Db;
  /** PostgreSQL: COPY on the writer's connection, for the upserts */
  readonly copy?: CopyIn;
  close(): Promise<void>;
}

/**
 * The connection ingest writes through. SQLite: a second connection to the same file, with a cache of prepared
 * statements (Kysely prepares every statement anew: about 8 % of ingest CPU for 1,000-row inserts), a WAL
 * checkpoint every 10,000 pages instead of 1,000 (about 8 % less) and a 512 MiB page cache, so that the pages a
 * batch of 10,000 records dirties are not spilled to the WAL before its commit (the cache grows only as pages are
 * read), temporary tables in memory; other connections keep their settings. PostgreSQL
 * (given where to connect): a connection of its own that can COPY. An in-memory database or a transaction use `db`.
 */
export async function openBulkWriter(
  db: Db,
  target?: { readonly url: string; readonly schema?: string },
): Promise<BulkWriter> {
  const same = { db, close: async () => undefined };
  if (isInTransaction(db)) return same;
  if (dialectOf(db) === 'postgres') return target ? openCopyWriter(target.url, target.schema) : same;
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = rows.find((r) => r.name === 'main')?.file;
  if (!file) return same;
  const connection = new SQLite(file);
  connection.pragma('busy_timeout = 10000');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('wal_autocheckpoint = 10000');
  connection.pragma('cache_size = -524288');
  connection.pragma('temp_store = memory');
  const writer = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
  });
  return { db: writer, close: () => writer.destroy() };
}

/**
 * PostgreSQL: a writer over one connection of its own, so that COPY (which Kysely cannot send) runs on the very
 * connection, and in the very transaction, of the batch's other statements.
 */
function openCopyWriter(url: string, schema: string | undefined): BulkWriter {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  let client: pg.PoolClient | undefined;
  pool.on('connect', (connected) => {
    client = connected as pg.PoolClient;
  });
  const writer = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const copy: CopyIn = (table, columns, text) =>
    new Promise((resolve, reject) => {
      if (!client) return reject(new Error('the COPY connection is not open'));
      const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
      stream.on('error', reject);
      stream.on('finish', () => resolve());
      stream.end(text);
    });
  return { db: writer, copy, close: () => writer.destroy() };
}

function withStatementCache(connection: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = connection.prepare(source);
      if (cache.size >= 64) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  };
  return new Proxy(connection, {
    get: (target, key) => {
      if (key === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Refreshes PostgreSQL's planner statistics of the corpus tables. A table filled since its last ANALYZE has none, and
 * the planner then scans the whole table for every `parent_id in (…)` lookup of a batch. SQLite needs nothing.
 */
export async function analyzeCorpus(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') await db.executeQuery(CompiledQuery.raw('analyze posts, comments'));
}

const LOAD_LOCK_KEY = 734_190_511;
const LOCK_POLL_MS = 200;

/**
 * Runs fn while holding the corpus load lock, waiting (polling, never blocking the event loop) while another
 * process or call holds it; onWait is called once when it has to wait. PostgreSQL: a session advisory lock (per
 * schema) on one pooled connection. SQLite: an exclusive transaction on a small lock database beside the data file,
 * so the data file's own write lock stays free for the short ingest batches. Both are released by the operating
 * system or server if the holder dies.
 */
export async function withCorpusLoadLock<T>(
  db: Kysely<Database>,
  sqliteLockFile: string | undefined,
  fn: () => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  let waited = false;
  const wait = async () => {
    if (!waited) onWait?.();
    waited = true;
    await delay(LOCK_POLL_MS);
  };
  if (dialectOf(db) === 'postgres') {
    return db.connection().execute(async (conn) => {
      for (;;) {
        const { rows } = await sql<{
          ok: boolean;
        }>`select pg_try_advisory_lock(${LOAD_LOCK_KEY}, hashtext(current_schema())) as ok`.execute(conn);
        if (rows[0]?.ok) break;
        await wait();
      }
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(${LOAD_LOCK_KEY}, hashtext(current_schema()))`.execute(conn);
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
        await wait();
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
