import fs from 'node:fs';
import path from 'node:path';

/** What start-up needs of the configuration to explain an error: the database (config.ts's Config has it). */
export interface StartupConfig {
  readonly database: {
    readonly dialect: 'sqlite' | 'postgres';
    readonly url: string;
    readonly schema: string | undefined;
  };
}

/**
 * A process cannot start because of its configuration or environment. Its message is complete: one line per
 * setting, each naming the setting, its value (passwords removed) and the reason. Entry points print it without a
 * stack and exit with status 1 (docs/security.md, item 6).
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Runs one step of an entry point's start-up. A failure the configuration or environment explains ends the process
 * with status 1 and its message on stderr; any other error is rethrown and keeps its stack.
 */
export async function runStartup<T>(step: () => T | Promise<T>, config?: StartupConfig): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const explained = explainStartupError(error, config);
    if (!explained) throw error;
    // Written synchronously: process.exit must not cut the line short.
    fs.writeSync(2, `${explained.message}\n`);
    process.exit(1);
  }
}

/** The StartupError that explains `error` (found in its cause chain or recognised by its code), or undefined. */
export function explainStartupError(error: unknown, config?: StartupConfig): StartupError | undefined {
  const chain = causeChain(error);
  const known = chain.find((e): e is StartupError => e instanceof StartupError);
  if (known) return known;
  if (!config) return undefined;
  const { dialect, url, schema } = config.database;
  const reason = dialect === 'sqlite' ? explainSqliteCode(chain) : explainPostgresError(chain, url);
  return reason ? databaseError(url, reason, { schema, cause: error }) : undefined;
}

/**
 * `Cannot open the database DATABASE_URL=…: reason.`: the password removed from a PostgreSQL URL, the absolute path
 * added to a relative SQLite one.
 */
export function databaseError(
  url: string,
  reason: string,
  { schema, cause }: { schema?: string; cause?: unknown } = {},
): StartupError {
  const settings = [formatSetting('DATABASE_URL', redactUrl(url))];
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : undefined;
  if (file && file !== ':memory:' && !path.isAbsolute(file)) settings.push(`(${path.resolve(file)})`);
  if (schema) settings.push(formatSetting('DATABASE_SCHEMA', schema));
  return new StartupError(`Cannot open the database ${settings.join(' ')}: ${reason}.`, { cause });
}

/** `Cannot use the file storage STORAGE_DIR=…: reason.` */
export function storageError(dir: string, reason: string, cause?: unknown): StartupError {
  return new StartupError(`Cannot use the file storage ${formatSetting('STORAGE_DIR', dir)}: ${reason}.`, {
    cause,
  });
}

/** Why `app.listen` failed, naming HOST and PORT, or undefined for an error that is not about the address. */
export function explainListenError(error: unknown, host: string, port: number): StartupError | undefined {
  const reason = LISTEN_REASONS[(error as { code?: string }).code ?? ''];
  if (!reason) return undefined;
  const settings = `${formatSetting('HOST', host)} ${formatSetting('PORT', String(port))}`;
  return new StartupError(`Cannot listen on ${settings}: ${reason}.`);
}

const LISTEN_REASONS: Record<string, string> = {
  EADDRINUSE: 'the address is already in use (another Threadcart, or another program, listens there)',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'HOST is not an address of this machine',
  ENOTFOUND: 'HOST is not a known host name',
  EAI_AGAIN: 'HOST could not be resolved',
};

/** `NAME=value`, the value quoted only when it is empty or holds spaces or quotes. */
export function formatSetting(name: string, value: string): string {
  return `${name}=${value === '' || /[\s"']/.test(value) ? JSON.stringify(value) : value}`;
}

/** A URL without its password (in the user part, or a `password` parameter); anything else unchanged. */
export function redactUrl(value: string): string {
  if (!value.includes('://')) return value;
  try {
    const parsed = new URL(value);
    if (!parsed.password && !parsed.searchParams.has('password')) return value;
    parsed.password = '';
    parsed.searchParams.delete('password');
    return parsed.toString();
  } catch {
    // Unparseable: drop whatever sits between the scheme's "//" and the last "@".
    return value.replace(/\/\/.*@/, '//');
  }
}

/**
 * `mkdir -p` that names the real obstacle. Node's recursive mkdirSync reports the target, not the file in the way,
 * and never returns for a path under /proc.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = statOrUndefined(current);
    if (stat && !stat.isDirectory()) {
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), {
        code: 'ENOTDIR',
        path: current,
        syscall: 'mkdir',
      });
    }
    if (stat || path.dirname(current) === current) break;
    missing.unshift(current);
  }
  for (const missingDir of missing) {
    try {
      fs.mkdirSync(missingDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** The path's stat, or undefined when it does not exist or a file stands in its way (ENOTDIR). */
function statOrUndefined(target: string): fs.Stats | undefined {
  try {
    return fs.statSync(target);
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

/** True for the errors that mean "may not write here": permissions or a read-only file system. */
export function isNotWritableError(error: unknown): boolean {
  return ['EACCES', 'EPERM', 'EROFS'].includes((error as NodeJS.ErrnoException).code ?? '');
}

/** A file-system error's reason in words: "is a directory", "permission denied", "read-only file system", … */
export function describeFsError(error: unknown): string {
  const { code, path: where, syscall } = error as NodeJS.ErrnoException;
  switch (code) {
    case 'EISDIR':
      return `${where ?? 'it'} is a directory`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `${where ?? 'a part of the path'} is a file, not a directory`;
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOENT':
      // mkdir in a directory that exists: a file system such as /proc that holds no new entries.
      return syscall === 'mkdir'
        ? `the file system does not allow creating ${where ?? 'it'}`
        : `${where ?? 'it'} does not exist`;
    case 'ENOSPC':
    case 'EDQUOT':
      return 'no space left on the device';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

// --- SQLite ---

const SQLITE_REASONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^SQLITE_NOTADB$/, 'the file is not a database: corrupt, or another format'],
  [/^SQLITE_CORRUPT/, 'the database file is corrupt'],
  [/^SQLITE_READONLY_DIRECTORY$/, 'read-only: SQLite cannot create its -wal and -shm files beside it'],
  [/^SQLITE_READONLY/, 'read-only: SQLite cannot write to it'],
  [/^SQLITE_CANTOPEN/, 'SQLite cannot open or create the file'],
  [/^SQLITE_(PERM|AUTH)$/, 'permission denied'],
  [/^SQLITE_FULL$/, 'the disk is full'],
  [/^SQLITE_BUSY/, 'another process holds the database locked'],
  [/^SQLITE_IOERR/, 'an input/output error'],
];

/** A SQLite error's reason in words (with its code), or undefined when it is not about the file. */
export function describeSqliteCode(code: string | undefined): string | undefined {
  const match = code ? SQLITE_REASONS.find(([pattern]) => pattern.test(code)) : undefined;
  return match ? `${match[1]} (${code})` : undefined;
}

function explainSqliteCode(chain: readonly unknown[]): string | undefined {
  for (const e of chain) {
    const reason = describeSqliteCode((e as { code?: string }).code);
    if (reason) return reason;
  }
  return undefined;
}

// --- PostgreSQL ---

const NET_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset by the server',
};

// SQLSTATE classes and codes that mean the server cannot be used as configured: connection (08), authorisation
// (28), no such database (3D), no such schema (3F), privileges (42501), too many connections (53300), starting (57P03).
const POSTGRES_STATES = /^(08|28|3D|3F|42501|53300|57P03)/;
const POSTGRES_MESSAGES = /^(Connection terminated|The server does not support SSL)/;

function explainPostgresError(chain: readonly unknown[], url: string): string | undefined {
  for (const e of chain) {
    const { code, message, hostname } = e as NodeJS.ErrnoException & { hostname?: string };
    if (code === '3D000') return missingDatabaseReason(url) ?? message;
    if (code && NET_REASONS[code]) {
      const at = addressesOf(e);
      return at ? `${NET_REASONS[code]} at ${at}` : NET_REASONS[code];
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host ${hostname ?? ''} not found`.trim();
    if (typeof code === 'string' && POSTGRES_STATES.test(code)) return message;
    if (typeof message === 'string' && POSTGRES_MESSAGES.test(message)) return message;
  }
  return undefined;
}

/**
 * `database "x" does not exist; create it with createdb -h host -p port -U user x`: the command that creates the
 * database a PostgreSQL URL names (what the server would connect as), or undefined for an unparseable URL.
 */
export function missingDatabaseReason(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!name) return undefined;
  const quote = (value: string) => (/^[\w.-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);
  const args = [
    parsed.hostname ? `-h ${quote(parsed.hostname)}` : '',
    parsed.port ? `-p ${parsed.port}` : '',
    parsed.username ? `-U ${quote(decodeURIComponent(parsed.username))}` : '',
    quote(name),
  ].filter(Boolean);
  return `database "${name}" does not exist; create it with: createdb ${args.join(' ')}`;
}

/** `127.0.0.1:5433`, or several when Node tried each address of a name (an AggregateError). */
function addressesOf(error: unknown): string {
  const errors = error instanceof AggregateError ? error.errors : [error];
  const addresses = errors
    .map((e: { address?: string; port?: number }) => (e.address ? `${e.address}:${e.port ?? ''}` : ''))
    .filter(Boolean);
  return [...new Set(addresses)].join(', ');
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && !chain.includes(e); e = (e as Error).cause) {
    chain.push(e);
  }
  return chain;
}
