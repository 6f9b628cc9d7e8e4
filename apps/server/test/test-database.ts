import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { partitionCorpus } from '../src/services/corpus/ingest/corpus-partitions.service.ts';

/** The PostgreSQL URL the suite runs against, when TEST_DATABASE_URL is set; otherwise SQLite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEST_DIALECT = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * `partitioned`: PostgreSQL test databases keep the corpus in monthly partitions (docs/decisions/041), as after
 * `npm run corpus -- partition`; the corpus suites run once more that way in CI.
 */
export const TEST_CORPUS_LAYOUT = TEST_DATABASE_URL ? process.env.TEST_CORPUS_LAYOUT : undefined;

export interface TestDatabase extends DatabaseHandle {
  /** A URL another connection (or another process) can open to reach the same data. */
  readonly url: string;
  /** PostgreSQL schema name, for a second handle (`createDatabase(url, { schema })`). */
  readonly schema?: string;
}

/**
 * A fresh, migrated database for one test file: SQLite in a temp file (so several connections can share it),
 * or its own schema on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-test-'));
    const url = `sqlite:${path.join(dir, 'test.db')}`;
    const handle = createDatabase(url);
    await migrateToLatest(handle.db as Kysely<unknown>);
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // The creation time in the name lets CI clear schemas that interrupted runs left, without touching those of a
  // suite running beside it (.ci/run).
  const schema = `t_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = createDatabase(TEST_DATABASE_URL, { schema });
  try {
    await migrateToLatest(handle.db as Kysely<unknown>, { schema });
    if (TEST_CORPUS_LAYOUT === 'partitioned') await partitionCorpus(handle.db);
  } catch (error) {
    await sql.raw(`drop schema ${schema} cascade`).execute(handle.db);
    await handle.close();
    throw error;
  }
  return {
    ...handle,
    url: TEST_DATABASE_URL,
    schema,
    close: async () => {
      // Partitions one statement each: one `drop schema` of hundreds of partitions and their indexes takes more
      // locks than the server's lock table holds ("out of shared memory").
      const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid where c.relnamespace = ${schema}::regnamespace and c.relkind = 'r'`.execute(
        handle.db,
      );
      for (const { name } of rows) await sql.raw(`drop table if exists ${schema}.${name}`).execute(handle.db);
      await sql.raw(`drop schema ${schema} cascade`).execute(handle.db);
      await handle.close();
    },
  };
}
