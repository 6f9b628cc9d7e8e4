import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../test/test-database.ts';
import { up } from './20261128000400_trigram-kelvin-sign.ts';

// PostgreSQL only: SQLite's trigram tables folded the Kelvin sign from the start.
describe.skipIf(TEST_DIALECT !== 'postgres')('the trigram indexes made again with the Kelvin sign', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const definitionOf = async (name: string) =>
    (
      await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where indexname = ${name} and schemaname = current_schema()`.execute(database.db)
    ).rows[0]?.indexdef;

  it('rewrites the statement of an index a bulk load deferred, and makes the other again', async () => {
    await sql`drop index comments_regex_trgm_idx`.execute(database.db);
    await database.db
      .insertInto('corpus_deferred')
      .values({
        name: 'comments_regex_trgm_idx',
        kind: 'index',
        table_name: 'comments',
        definition: 'create index comments_regex_trgm_idx on comments (body)',
        deferred_at: new Date().toISOString(),
      })
      .execute();
    await up(database.db);
    const deferred = await database.db
      .selectFrom('corpus_deferred')
      .select('definition')
      .where('name', '=', 'comments_regex_trgm_idx')
      .executeTakeFirstOrThrow();
    expect(deferred.definition).toContain(`E'\\u212A', 'k')`);
    expect(await definitionOf('comments_regex_trgm_idx')).toBeUndefined();
    expect(await definitionOf('posts_regex_trgm_idx')).toContain(`'\u212a'::text, 'k'::text`);
    // The statement kept makes the index the search reads.
    await sql.raw(deferred.definition).execute(database.db);
    expect(await definitionOf('comments_regex_trgm_idx')).toContain(`'\u212a'::text, 'k'::text`);
  });
});
