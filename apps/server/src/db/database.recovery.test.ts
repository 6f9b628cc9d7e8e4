import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  TEST_DIALECT,
  type TestDatabase,
} from '../../test/test-database.ts';
import { createDatabase } from './database.ts';

// The bench's fault run ends the server's PostgreSQL connections; the pool must replace them and the process live on.
describe.skipIf(TEST_DIALECT !== 'postgres')('a PostgreSQL pool whose connections are ended', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('reports the broken idle connections and serves the next queries on new ones', async () => {
    const name = `tc-recovery-${process.pid}`;
    const broken: Error[] = [];
    const handle = createDatabase(TEST_DATABASE_URL!, {
      schema: database.schema,
      applicationName: name,
      onConnectionError: (error) => broken.push(error),
    });
    try {
      const select = () => sql<{ one: number }>`select 1 as one`.execute(handle.db);
      await Promise.all([select(), select(), select()]);
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [name],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThanOrEqual(1);
      for (let i = 0; i < 40 && broken.length < ended.rowCount!; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(broken.length).toBe(ended.rowCount);
      const answers = await Promise.all([select(), select(), select()]);
      expect(answers.map((a) => a.rows[0]!.one)).toEqual([1, 1, 1]);
    } finally {
      await handle.close();
    }
  });
});
