import fsp from 'node:fs/promises';
import type { Deps } from '../../deps.ts';
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

export interface HealthReport {
  readonly isHealthy: boolean;
  readonly database: 'ok' | 'unreachable';
  readonly storage: 'ok' | 'unwritable';
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

/** Resolves true when `check` settles successfully within the timeout, false otherwise; never rejects. */
function passesWithin(check: () => Promise<unknown>): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) =>
    setTimeout(() => resolve(false), CHECK_TIMEOUT_MS).unref(),
  );
  return Promise.race([
    check().then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}

/** True when the database answers a trivial query within two seconds. */
export function checkDatabase(deps: Deps): Promise<boolean> {
  return passesWithin(() => pingDatabase(deps.db));
}

/**
 * True when a small file can be written to and deleted from the file storage within two seconds: where order files
 * are written, so a read-only or vanished STORAGE_DIR fails health instead of every order.
 */
export function checkStorage(deps: Deps): Promise<boolean> {
  return passesWithin(async () => {
    const probe = await deps.storage.tempPath('health');
    try {
      await fsp.writeFile(probe, 'ok');
    } finally {
      await fsp.rm(probe, { force: true });
    }
  });
}

/**
 * Runs the database and storage checks side by side; healthy only when both pass. The event-loop delay, the corpus's
 * state and the worker's heartbeat are reported, not judged: an empty corpus or a stopped worker still serves the API.
 */
export async function checkHealth(deps: Deps): Promise<HealthReport> {
  const [isDatabaseOk, isStorageOk, corpus, worker] = await Promise.all([
    checkDatabase(deps),
    checkStorage(deps),
    valueWithin(() => getCorpusHealth(deps)),
    valueWithin(() => getWorkerHeartbeat(deps)),
  ]);
  return {
    isHealthy: isDatabaseOk && isStorageOk,
    database: isDatabaseOk ? 'ok' : 'unreachable',
    storage: isStorageOk ? 'ok' : 'unwritable',
    eventLoopDelayMs: getEventLoopGuard().delayP99Ms(),
    corpus,
    worker,
  };
}
