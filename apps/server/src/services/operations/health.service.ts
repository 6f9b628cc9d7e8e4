import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { healthMonitorOf } from './health-monitor.ts';
import { pingDatabase } from '../../db/repositories/operations/health.repository.ts';
import { getEventLoopGuard } from '../../lib/event-loop-guard.ts';
import {
  getCorpusHealth,
  getWorkerHeartbeat,
  type CorpusHealth,
  type WorkerHeartbeat,
} from './service-status.service.ts';

/** Each check gives up after this long, so health stays fast when a disk or the database hangs. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * A database that has not answered a ping for this long is `unreachable` even without an error; before that, a ping
 * still waiting after CHECK_TIMEOUT_MS (a pool busy with 200 users' requests) is only `slow`.
 */
export const DATABASE_SILENT_MS = 10_000;

/** When each database last answered a ping (performance.now()), kept per handle. */
const lastDatabaseAnswer = new WeakMap<Deps['db'], number>();

export interface HealthReport {
  readonly isHealthy: boolean;
  readonly database: DatabaseState | 'corrupt';
  readonly storage: 'ok' | 'slow' | 'unwritable';
  /** How long the last background storage check took (ms), or the running one so far; null before the first. */
  readonly storageCheckMs: number | null;
  /** p99 of this process's event-loop delay over the last window (about 10 s), in whole milliseconds. */
  readonly eventLoopDelayMs: number;
  /** The corpus's state and counts; undefined when the database did not answer in time. */
  readonly corpus: CorpusHealth | undefined;
  /** The worker's last heartbeat; undefined when the database did not answer in time. */
  readonly worker: WorkerHeartbeat | undefined;
}

/** check's value when it settles within the timeout, else undefined; never rejects. */
async function valueWithin<T>(check: () => Promise<T>): Promise<T | undefined> {
  const timeout = new Promise<undefined>((resolve) =>
    setTimeout(() => resolve(undefined), CHECK_TIMEOUT_MS).unref(),
  );
  return Promise.race([check().catch(() => undefined), timeout]);
}

export type DatabaseState = 'ok' | 'slow' | 'unreachable';

/**
 * Pings the database: `ok` when it answers within two seconds; `unreachable` when the ping fails (refused, reset,
 * authentication) or nothing has answered for `silentMs`; otherwise `slow`, as the storage check is (issue 28
 * item 3: a load balancer must not drop the instance exactly when it is busy). A ping that answers late still counts
 * as an answer for the next check.
 */
export async function checkDatabase(deps: Deps, silentMs = DATABASE_SILENT_MS): Promise<DatabaseState> {
  const ping = pingDatabase(deps.db).then(
    () => {
      lastDatabaseAnswer.set(deps.db, performance.now());
      return 'ok' as const;
    },
    () => 'unreachable' as const,
  );
  const timeout = new Promise<'pending'>((resolve) =>
    setTimeout(() => resolve('pending'), CHECK_TIMEOUT_MS).unref(),
  );
  const result = await Promise.race([ping, timeout]);
  if (result !== 'pending') return result;
  const last = lastDatabaseAnswer.get(deps.db);
  return last !== undefined && performance.now() - last < silentMs ? 'slow' : 'unreachable';
}

/**
 * The database is pinged now; the storage and SQLite integrity come from the background checks' last results
 * (health-monitor.ts), so a busy disk or a busy database makes health `slow`, not 503. Healthy unless the database
 * fails or stays silent, or is corrupt, or the storage failed a write. The event-loop delay, the corpus's state and
 * the worker's heartbeat are reported, not judged: an empty corpus or a stopped worker still serves the API.
 */
export async function checkHealth(deps: Deps): Promise<HealthReport> {
  const monitor = healthMonitorOf(deps);
  const [databaseState, corpus, worker] = await Promise.all([
    checkDatabase(deps),
    valueWithin(() => getCorpusHealth(deps)),
    valueWithin(() => getWorkerHeartbeat(deps)),
  ]);
  const storage = monitor.storage();
  const database =
    databaseState === 'unreachable' || monitor.integrity().state !== 'corrupt' ? databaseState : 'corrupt';
  return {
    isHealthy: database !== 'unreachable' && database !== 'corrupt' && storage.state !== 'unwritable',
    database,
    storage: storage.state,
    storageCheckMs: storage.checkMs,
    eventLoopDelayMs: getEventLoopGuard().delayP99Ms(),
    corpus,
    worker,
  };
}

/** Why new orders are refused while the last storage check failed (issue 28 item 10). */
export const STORAGE_UNWRITABLE_MESSAGE = (code: string | null) =>
  `The file storage cannot be written${code ? ` (${code})` : ''}: new orders are not accepted until it can. Please try again later.`;

/**
 * Refuses new work that writes files (orders, re-runs) with 503 `storage_unwritable` while the last background storage
 * check failed with a write error: accepting it would fail it seconds later.
 */
export function assertStorageWritable(deps: Deps): void {
  const storage = healthMonitorOf(deps).storage();
  if (storage.state === 'unwritable') {
    throw new AppError(503, STORAGE_UNWRITABLE_MESSAGE(storage.errorCode), 'storage_unwritable', {
      'retry-after': '30',
    });
  }
}
