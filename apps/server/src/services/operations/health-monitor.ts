import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Deps } from '../../deps.ts';

/**
 * The health checks that run in the background (issue 28 items 3, 10, 11): `GET /api/health/` reads their last
 * result instead of probing under the request, so a busy disk or thread pool makes health say `slow`, not fail.
 *
 * - Storage: every STORAGE_CHECK_INTERVAL_MS a small file is written to and deleted from STORAGE_DIR/.tmp. An error
 *   from the file system (read-only, permission, no space, the directory gone or replaced) is `unwritable`; a check
 *   that takes STORAGE_SLOW_MS or more, or has not finished yet, is `slow` with its time, and health stays 200.
 * - SQLite integrity: `PRAGMA quick_check` at start and every hour, in a worker thread on its own read-only
 *   connection (it reads every page: never on the API's event loop); damaged pages make health `database: corrupt`.
 */

export const STORAGE_CHECK_INTERVAL_MS = 5_000;
export const STORAGE_SLOW_MS = 1_000;
export const INTEGRITY_CHECK_INTERVAL_MS = 60 * 60_000;

/** Error codes that mean the storage really cannot take a file (not that it is merely busy). */
const WRITE_ERROR_CODES = new Set([
  'EROFS',
  'EACCES',
  'EPERM',
  'ENOSPC',
  'EDQUOT',
  'ENOTDIR',
  'ENOENT',
  'EISDIR',
  'EIO',
]);

export interface StorageCheck {
  readonly state: 'ok' | 'slow' | 'unwritable';
  /** How long the last finished check took, or how long the running one has taken so far (ms). */
  readonly checkMs: number | null;
  /** The file system's error code when unwritable (EROFS, EACCES, ENOSPC, …). */
  readonly errorCode: string | null;
}

export interface IntegrityCheck {
  readonly state: 'ok' | 'corrupt' | 'unchecked';
  readonly checkedAt: string | null;
}

export interface HealthMonitor {
  storage(): StorageCheck;
  integrity(): IntegrityCheck;
  /** Runs a storage check now (or joins the one running) and returns its result. */
  checkStorageNow(): Promise<StorageCheck>;
  /** Runs the integrity check now (or joins the one running). */
  checkIntegrityNow(): Promise<IntegrityCheck>;
  start(): void;
  stop(): Promise<void>;
}

const monitors = new WeakMap<object, HealthMonitor>();

/** The monitor of these dependencies (one per API process), created on first use; start() begins its timers. */
export function healthMonitorOf(deps: Deps): HealthMonitor {
  let monitor = monitors.get(deps.config);
  if (!monitor) {
    monitor = createHealthMonitor(deps);
    monitors.set(deps.config, monitor);
  }
  return monitor;
}

/** The SQLite file a `sqlite:` URL names, or null (PostgreSQL, an in-memory database). */
function sqliteFile(deps: Deps): string | null {
  const url = deps.config.database.url;
  if (!url.startsWith('sqlite:')) return null;
  const file = url.slice('sqlite:'.length);
  return file === ':memory:' || file === '' ? null : file;
}

// Plain CommonJS run by the worker thread: opens its own read-only connection and runs the check.
const QUICK_CHECK_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  const rows = db.pragma('quick_check(20)').map((row) => Object.values(row)[0]);
  parentPort.postMessage({ rows });
} catch (error) {
  parentPort.postMessage({ error: String(error && error.code || error && error.message || error) });
} finally {
  if (db) db.close();
}
`;

/** `PRAGMA quick_check` of a SQLite file in a worker thread: 'ok', 'corrupt', or null when it could not run. */
export function quickCheckSqlite(file: string): Promise<'ok' | 'corrupt' | null> {
  const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve) => {
    const worker = new Worker(QUICK_CHECK_SCRIPT, { eval: true, workerData: { file, modulePath } });
    worker.once('message', (message: { rows?: string[]; error?: string }) => {
      if (message.rows) resolve(message.rows.length === 1 && message.rows[0] === 'ok' ? 'ok' : 'corrupt');
      else resolve(/CORRUPT|NOTADB|malformed/i.test(message.error ?? '') ? 'corrupt' : null);
    });
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
}

function createHealthMonitor(deps: Deps): HealthMonitor {
  let storage: StorageCheck = { state: 'ok', checkMs: null, errorCode: null };
  let integrity: IntegrityCheck = { state: 'unchecked', checkedAt: null };
  let running: Promise<StorageCheck> | null = null;
  let runningStartedAt = 0;
  let integrityRun: Promise<IntegrityCheck> | null = null;
  const timers: NodeJS.Timeout[] = [];
  let isStopped = false;

  async function probeStorage(): Promise<StorageCheck> {
    const started = performance.now();
    const probe = await deps.storage.tempPath('health');
    try {
      await fsp.writeFile(probe, 'ok');
      await fsp.rm(probe, { force: true });
    } catch (error) {
      await fsp.rm(probe, { force: true }).catch(() => undefined);
      const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
      const checkMs = Math.round(performance.now() - started);
      // A busy system (EMFILE, EAGAIN, EBUSY) is slow, not unwritable.
      if (WRITE_ERROR_CODES.has(code)) return { state: 'unwritable', checkMs, errorCode: code };
      return { state: 'slow', checkMs, errorCode: null };
    }
    const checkMs = Math.round(performance.now() - started);
    return { state: checkMs >= STORAGE_SLOW_MS ? 'slow' : 'ok', checkMs, errorCode: null };
  }

  const monitor: HealthMonitor = {
    storage() {
      // A check still running past the slow mark is reported as slow now, with its time so far.
      if (running && storage.state !== 'unwritable') {
        const elapsed = Math.round(performance.now() - runningStartedAt);
        if (elapsed >= STORAGE_SLOW_MS) return { state: 'slow', checkMs: elapsed, errorCode: null };
      }
      return storage;
    },
    integrity: () => integrity,
    checkStorageNow() {
      if (!running) {
        runningStartedAt = performance.now();
        running = probeStorage()
          .then((result) => {
            storage = result;
            return result;
          })
          .finally(() => {
            running = null;
          });
      }
      return running;
    },
    checkIntegrityNow() {
      const file = sqliteFile(deps);
      if (!file) return Promise.resolve(integrity);
      integrityRun ??= quickCheckSqlite(file)
        .then((result) => {
          if (result) {
            integrity = { state: result, checkedAt: deps.clock.now().toISOString() };
            if (result === 'corrupt') deps.logger.error({ file }, 'SQLite quick_check found damaged pages');
          }
          return integrity;
        })
        .finally(() => {
          integrityRun = null;
        });
      return integrityRun;
    },
    start() {
      if (timers.length > 0 || isStopped) return;
      void monitor.checkStorageNow();
      void monitor.checkIntegrityNow();
      timers.push(setInterval(() => void monitor.checkStorageNow(), STORAGE_CHECK_INTERVAL_MS).unref());
      timers.push(setInterval(() => void monitor.checkIntegrityNow(), INTEGRITY_CHECK_INTERVAL_MS).unref());
    },
    async stop() {
      isStopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([running, integrityRun]);
    },
  };
  return monitor;
}
