import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseDialect } from '../config.ts';
import { databaseError, describeFsError, describeSqliteCode, makeDirectory } from '../lib/startup-errors.ts';
import { registerSqliteFunctions } from './filter-sql/sqlite-functions.ts';
import type { Database } from './schema.ts';

// COUNT and SUM come back from PostgreSQL as int8 strings; every such value here fits a JS number.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export type Db = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DatabaseDialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: the schema every connection works in (tests give each file its own). */
  readonly schema?: string;
  readonly poolSize?: number;
  /** A connection that only reads (dry-run threads): SQLite opens the file read-only, PostgreSQL read-only transactions. */
  readonly readOnly?: boolean;
  /** PostgreSQL: the name the connections show in pg_stat_activity, so that their queries can be found and cancelled. */
  readonly applicationName?: string;
  /** PostgreSQL: the server cancels any statement running longer (a backstop; callers keep their own deadlines). */
  readonly statementTimeoutMs?: number;
  /** PostgreSQL: told when an idle pooled connection breaks (the server restarted, an operator ended it). */
  readonly onConnectionError?: (error: Error) => void;
}

/** Opens the database a URL names: `sqlite:<file>` / `sqlite::memory:` (WAL) or `postgres://…` (pooled). */
export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (options.readOnly) {
      const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
      sqlite.pragma('busy_timeout = 10000');
      registerSqliteFunctions(sqlite);
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
      return { db, dialect: 'sqlite', close: () => db.destroy() };
    }
    const sqlite = openSqliteFile(url, file);
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 10000');
    registerSqliteFunctions(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const settings = [
    options.schema ? `-c search_path=${options.schema}` : '',
    options.readOnly ? '-c default_transaction_read_only=on' : '',
    options.statementTimeoutMs ? `-c statement_timeout=${Math.ceil(options.statementTimeoutMs)}` : '',
  ].filter(Boolean);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  });
  // pg-pool drops a broken idle connection and opens a new one for the next query, but it also emits 'error', which
  // with no listener would end the process: one lost connection must not take the API or the worker down.
  pool.on('error', (error) => options.onConnectionError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/**
 * Opens a SQLite file for reading and writing in WAL mode, creating it and its directory when missing. A path that
 * cannot serve (a directory, read-only, not a database) is a StartupError naming DATABASE_URL and the reason.
 */
function openSqliteFile(url: string, file: string): SQLite.Database {
  if (file !== ':memory:') checkSqlitePath(url, path.resolve(file));
  let sqlite: SQLite.Database | undefined;
  try {
    // Resolved: better-sqlite3 checks the directory of the path as given, and `a/../b` fails when `a` is missing.
    sqlite = new SQLite(file === ':memory:' ? file : path.resolve(file));
    // The first statement that reads the file: a corrupt or foreign file fails here, not in a migration.
    sqlite.pragma('journal_mode = WAL');
    return sqlite;
  } catch (error) {
    sqlite?.close();
    const reason = describeSqliteCode((error as { code?: string }).code);
    throw reason ? databaseError(url, reason, { cause: error }) : error;
  }
}

/** Creates the file's directory and checks, without locking anything, that SQLite can write the file and beside it. */
function checkSqlitePath(url: string, file: string): void {
  const dir = path.dirname(file);
  const fail = (reason: string, cause: unknown) => databaseError(url, reason, { cause });
  try {
    makeDirectory(dir);
  } catch (error) {
    throw fail(`cannot create its directory ${dir}: ${describeFsError(error)}`, error);
  }
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(describeFsError(error), error);
  }
  if (stat?.isDirectory()) throw fail('it is a directory, not a file', undefined);
  // Root passes these checks except on a read-only file system, and can indeed write there.
  try {
    if (stat) fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    throw fail(
      `the file is read-only (${describeFsError({ code: (error as NodeJS.ErrnoException).code })})`,
      error,
    );
  }
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    const why = describeFsError({ code: (error as NodeJS.ErrnoException).code });
    throw fail(
      `read-only: SQLite cannot create ${stat ? 'its -wal and -shm files' : 'the file'} in ${dir} (${why})`,
      error,
    );
  }
}

/** Which dialect a Kysely instance speaks, read from its adapter. */
export function dialectOf(db: Db): DatabaseDialect {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter' ? 'postgres' : 'sqlite';
}

// Kysely instances bound to one SQLite connection inside withTransaction: nested calls join that transaction.
const sqliteTransactions = new WeakSet<object>();

/** True when db is already a transaction (so a nested withTransaction joins it). */
export function isInTransaction(db: Db): boolean {
  return db.isTransaction || sqliteTransactions.has(db);
}

/**
 * Runs fn in one transaction that takes the write lock up front, or inside the caller's transaction when db already
 * is one. On SQLite that is BEGIN IMMEDIATE, so two processes never both read a balance and then both write it; on
 * PostgreSQL repositories lock the rows they change (see lockUserCredits).
 */
export async function withTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (isInTransaction(db)) return fn(db);
  const root = db as Kysely<Database>;
  if (dialectOf(db) === 'postgres') return root.transaction().execute(fn);
  return root.connection().execute(async (conn) => {
    sqliteTransactions.add(conn);
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

/**
 * Runs fn inside a savepoint of the caller's transaction: if fn throws, what it wrote is undone (and a PostgreSQL
 * transaction an error aborted becomes usable again) while the rest of the transaction stands; the error is rethrown.
 */
export async function withSavepoint<T>(trx: Db, name: string, fn: () => Promise<T>): Promise<T> {
  if (!isInTransaction(trx)) throw new Error('withSavepoint needs a transaction');
  if (!/^[a-z_]+$/.test(name)) throw new Error(`bad savepoint name ${name}`);
  await sql.raw(`savepoint ${name}`).execute(trx);
  try {
    const result = await fn();
    await sql.raw(`release savepoint ${name}`).execute(trx);
    return result;
  } catch (error) {
    await sql.raw(`rollback to savepoint ${name}`).execute(trx);
    await sql.raw(`release savepoint ${name}`).execute(trx);
    throw error;
  }
}
