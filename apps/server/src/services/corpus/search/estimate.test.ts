import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCorpus, insertCorpus, makePost } from '../../../../test/corpus-factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { findStorageExtent } from '../../../db/repositories/corpus/search/corpus-search.repository.ts';
import { estimateMatches } from './corpus-search.service.ts';

// An estimate keeps every row its first batch read, even when the deadline has passed before it began (a dry run's
// estimate phase often starts that late). The table is small enough for that batch to read all of it (every rowid on
// SQLite, every page on PostgreSQL), and the matching rows are stored together, in its first pages: an estimate that
// kept only part of the batch (PostgreSQL once kept one page) would scale those pages up to the whole table.
const POSTS = 100;
const MATCHING = 25;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await clearCorpus(database.db);
  const posts = Array.from({ length: POSTS }, (_, i) =>
    makePost({
      id: `e${i.toString(36)}`,
      score: i < MATCHING ? 900 : 1,
      selftext: `post ${i} ${'with a body long enough to fill a few pages of the table '.repeat(8)}`,
    }),
  );
  await insertCorpus(database.db, { posts });
  // Its size known (PostgreSQL guesses 20 rows a page before the first ANALYZE): 100 rows fit in one batch.
  if (TEST_DIALECT === 'postgres') await sql`analyze posts`.execute(database.db);
}, 60_000);
afterAll(async () => database.close());

describe(`estimate (${TEST_DIALECT})`, () => {
  it('counts every row of its first batch when the deadline has already passed', async () => {
    const extent = await findStorageExtent(database.db, 'posts');
    // Several pages, or keeping one of them would be keeping all of them.
    if (TEST_DIALECT === 'postgres') expect(extent.units).toBeGreaterThan(4);
    const filters = parseFilterTreeWithRe2({
      combinator: 'and',
      rules: [{ field: 'upvotes', operator: '>=', value: 500 }],
    });
    const estimate = await estimateMatches(
      database.db,
      { filters, searchType: 'posts' },
      { deadline: Date.now() - 1 },
    );
    expect(estimate.value).toBe(MATCHING);
    expect(estimate.low).toBeLessThanOrEqual(MATCHING);
    expect(estimate.high).toBeGreaterThanOrEqual(MATCHING);
  });
});
