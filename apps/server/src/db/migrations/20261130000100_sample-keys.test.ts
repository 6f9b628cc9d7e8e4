import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCorpus, makeComment, makePost } from '../../../test/corpus-factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../test/test-database.ts';
import { sampleKey } from '../../corpus/filters/sample-key.ts';
import { backfillSampleKeys } from './20261130000100_sample-keys.ts';

// The migration fills the keys of the rows stored before it; they must be the keys ingest writes, or a corpus
// migrated and one ingested afresh would give the same seed different samples.
describe(`sample keys filled by the migration (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('equal the keys ingest writes, for every row (several batches on SQLite)', async () => {
    const ids = Array.from({ length: 2_500 }, (_, i) => `k${i.toString(36)}`);
    await insertCorpus(database.db, {
      posts: ids.map((id) => makePost({ id })),
      comments: ids.slice(0, 300).map((id) => makeComment({ id: `${id}é` })),
    });
    for (const table of ['posts', 'comments'])
      await sql`update ${sql.table(table)} set sample_key = null`.execute(database.db);
    await backfillSampleKeys(database.db);
    for (const type of ['posts', 'comments'] as const) {
      const { rows } = await sql<{ id: string; key: string | null }>`
        select id, cast(sample_key as text) as key from ${sql.table(type)}`.execute(database.db);
      expect(rows.length).toBe(type === 'posts' ? 2_500 : 300);
      for (const row of rows) expect(row.key).toBe(sampleKey(type, row.id).toString());
    }
  });
});
