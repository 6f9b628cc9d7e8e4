import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/schema.ts';
import { createDeps, type Deps } from '../src/deps.ts';
import { createManualClock } from '../src/lib/clock.ts';
import { rememberDeps } from './app-deps.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly deps: Deps;
  readonly database: TestDatabase;
  readonly clock: ReturnType<typeof createManualClock>;
  close(): Promise<void>;
}

/** A test configuration: the defaults, a fixed secret, and whatever the test overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-123',
    LOG_LEVEL: 'silent',
    // Functional tests check exact answers, whatever the machine's load; the budget itself is tested with budgets
    // of its own (dry-run.test.ts).
    DRY_RUN_BUDGET_MS: '10000',
    // Tests change the corpus between dry runs and expect new counts; the cache has its own tests (dry-run-cache).
    DRY_RUN_CACHE_MS: '0',
    // Every test signs its users up from one address; the limit has its own test (email-confirmation.test.ts).
    SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    REMOVAL_REQUESTS_PER_ADDRESS_PER_HOUR: '100000',
    SIGNUPS_PER_NETWORK_PER_HOUR: '100000',
    // Test receivers listen on 127.0.0.1; the refusal of private addresses has its own test (webhooks.*.test.ts).
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // The same for the request limits of every unsafe route (request-limits.test.ts tests them with their own).
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_PER_USER: '1000000',
    ...env,
  });
}

/**
 * buildApp over a fresh migrated database and a manual clock that starts at the real time. `withDb` may wrap the
 * app's Kysely instance (a plugin that records its queries, say); `serveWeb` serves WEB_DIST_DIR's files; `logger`
 * replaces the silent one (a test that reads the log).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    withDb?: (db: Kysely<Database>) => Kysely<Database>;
    serveWeb?: boolean;
    logger?: pino.Logger;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = createManualClock(new Date());
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-files-'));
  const config = testConfig({
    DATABASE_URL: database.url,
    ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
    STORAGE_DIR: storageDir,
    ...env,
  });
  const deps = await createDeps(config, {
    database: options.withDb ? { ...database, db: options.withDb(database.db) } : database,
    clock,
    logger: options.logger ?? pino({ level: 'silent' }),
    migrate: false,
  });
  const app = await buildApp(deps, { serveWeb: options.serveWeb ?? false });
  rememberDeps(app, deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
