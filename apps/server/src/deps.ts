import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config, DatabaseDialect } from './config.ts';
import { createDatabase, type DatabaseHandle, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLogger, describeDatabase } from './lib/logging.ts';
import { createWakeSignal, type WakeSignal } from './lib/wake-signal.ts';
import { cancelSessionQueries } from './db/repositories/auth/sessions-activity.repository.ts';
import { createDryRunCache, type DryRunCache } from './services/corpus/search/dry-run/dry-run-cache.ts';
import { createDryRunPool, type DryRunPool } from './services/corpus/search/dry-run/dry-run-pool.ts';
import { dryRunSessionName } from './services/corpus/search/dry-run/dry-run-session.ts';
import { createScanPool, type ScanPool } from './services/corpus/search/scan-thread/scan-pool.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { createLocalFileStorage } from './storage/local-file-storage.ts';

/** Dry-run answers kept at most (each a count and 5 sample records). */
const DRY_RUN_CACHE_ENTRIES = 500;

/** What every driver (HTTP app, worker, CLI) is given: the composition root's output. */
export interface Deps {
  readonly config: Config;
  readonly db: Kysely<Database>;
  readonly dialect: DatabaseDialect;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly storage: FileStorage;
  /** The dry-run threads (started on first use: only the API process runs dry runs). */
  readonly dryRuns: DryRunPool;
  /** The worker's scan thread, for orders no index narrows (started on first use; decision 038). */
  readonly scans: ScanPool;
  /** The dry runs answered lately, reused for DRY_RUN_CACHE_MS. */
  readonly dryRunCache: DryRunCache;
  /** Notified when an order is queued: the worker (in this process, or forked by it) claims it at once. */
  readonly ordersQueued: WakeSignal;
  close(): Promise<void>;
}

/**
 * The same dependencies working through `db` (a transaction the caller holds). Property descriptors are copied, so
 * lazy getters stay lazy: spreading the object would start the dry-run and scan threads.
 */
export function depsWithDb(deps: Deps, db: Db): Deps {
  return Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(deps),
      db: { value: db, enumerable: true },
    },
  ) as Deps;
}

export interface CreateDepsOptions {
  readonly database?: DatabaseHandle;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly migrate?: boolean;
  readonly storage?: FileStorage;
  /** Log which database is used (no password) and which migrations ran: the server's start does. */
  readonly announce?: boolean;
  /** PostgreSQL: the server stops any statement of this process's pool running longer (the API's bound). */
  readonly statementTimeoutMs?: number;
}

/** Builds the dependencies from the configuration, migrating the database unless told not to. */
export async function createDeps(config: Config, options: CreateDepsOptions = {}): Promise<Deps> {
  const { url, schema } = config.database;
  const logger = options.logger ?? createLogger(config);
  const database =
    options.database ??
    createDatabase(url, {
      schema,
      statementTimeoutMs: options.statementTimeoutMs,
      onConnectionError: (err) => logger.warn({ err }, 'a pooled database connection broke; it is replaced'),
    });
  const applied =
    (options.migrate ?? true) ? await migrateToLatest(database.db as Kysely<unknown>, { schema }) : [];
  if (options.announce) {
    logger.info({ database: describeDatabase(config), migrations: applied }, announcement(config, applied));
  }
  let dryRuns: DryRunPool | undefined;
  let scans: ScanPool | undefined;
  const clock = options.clock ?? systemClock;
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    logger,
    storage: options.storage ?? createLocalFileStorage(config.storage.dir),
    dryRunCache: createDryRunCache({
      ttlMs: config.dryRun.cacheMs,
      maxEntries: DRY_RUN_CACHE_ENTRIES,
      now: () => clock.now().getTime(),
    }),
    ordersQueued: createWakeSignal(),
    get dryRuns() {
      dryRuns ??= createDryRunPool(config, logger, async (taskId) => {
        await cancelSessionQueries(database.db, dryRunSessionName(taskId));
      });
      return dryRuns;
    },
    get scans() {
      scans ??= createScanPool(config);
      return scans;
    },
    close: async () => {
      await dryRuns?.close();
      await scans?.close();
      await database.close();
    },
  };
}

function announcement(config: Config, applied: readonly string[]): string {
  const ran =
    applied.length === 0 ? 'no migration to run' : `ran ${applied.length} migrations: ${applied.join(', ')}`;
  return `Database ${describeDatabase(config)}: ${ran}`;
}
