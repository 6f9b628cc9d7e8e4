import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/test-database.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { unbounded } from './migrate.ts';

// A migration that builds an index over a large corpus runs for minutes on a connection whose statement_timeout is
// the API's 20 s safety net: it must run unbounded (the first such migration stopped the server at 10M records).

describe.skipIf(TEST_DIALECT !== 'postgres')('migrations on PostgreSQL', () => {
  let database: TestDatabase;
  let bounded: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    bounded = createDatabase(database.url, { schema: database.schema, statementTimeoutMs: 200 });
  });
  afterAll(async () => {
    await bounded.close();
    await database.close();
  });

  const slow = { up: async (db: Kysely<unknown>) => void (await sql`select pg_sleep(0.6)`.execute(db)) };

  it('runs a migration past the connection statement_timeout', async () => {
    await bounded.db.transaction().execute((trx) => unbounded(slow).up(trx as unknown as Kysely<unknown>));
  });

  it('(the same migration without it is cancelled)', async () => {
    await expect(
      bounded.db.transaction().execute((trx) => slow.up(trx as unknown as Kysely<unknown>)),
    ).rejects.toThrow(/statement timeout/);
  });
});
