import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCorpus, insertCorpus, makeComment } from '../../../../../test/corpus-factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../../test/test-database.ts';
import type { IndexLookup } from '../../../../corpus/filters/index-lookups.ts';
import { withTransaction } from '../../../database.ts';
import { probeLookup } from './corpus-search.repository.ts';
import { isKnownLarge } from './planned-size.repository.ts';

// PostgreSQL only: SQLite's probe reads at most limit + 1 rowids from its index, and has no planner estimate to use.
describe.skipIf(TEST_DIALECT !== 'postgres')('a lookup the planner knows is large (PostgreSQL)', () => {
  const COMMENTS = 3_000;
  const RARE = 5;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await clearCorpus(database.db);
    const comments = Array.from({ length: COMMENTS }, (_, i) =>
      makeComment({
        id: `k${i.toString(36)}`,
        body: i < RARE ? `a common word and a rare one, number ${i}` : `a common word, number ${i}`,
        replies: i % 10,
      }),
    );
    await insertCorpus(database.db, { comments });
  }, 60_000);
  afterAll(async () => database.close());

  const word = (...tokens: string[]): IndexLookup => ({
    kind: 'words',
    terms: tokens.map((token) => ({ tokens: [token], prefix: false })),
  });
  const common = word('common');
  const rare = word('rare');
  const literal = (text: string): IndexLookup => ({ kind: 'trigrams', literals: { kind: 'literal', text } });
  const isLarge = (lookup: IndexLookup, limit: number) =>
    withTransaction(database.db, (trx) => isKnownLarge(trx, 'comments', lookup, limit));

  it('knows nothing before the table is analysed, then trusts the statistics of one condition only', async () => {
    // Before ANALYZE the planner's figures are fixed guesses: the lookup is probed.
    expect(await isLarge(common, 10)).toBe(false);
    await sql`analyze comments`.execute(database.db);

    expect(await isLarge(common, 10)).toBe(true);
    expect(await isLarge({ kind: 'count', column: 'replies', min: 1, max: null }, 10)).toBe(true);
    // A union lists all of its part's rows.
    expect(await isLarge({ kind: 'union', parts: [rare, common] }, 10)).toBe(true);
    // Not many times the limit, or small: probed.
    expect(await isLarge(common, COMMENTS)).toBe(false);
    expect(await isLarge(rare, 10)).toBe(false);
    // Two words are estimated as if independent, a literal's `ilike` from no share of the rows: probed, however
    // common they are.
    expect(await isLarge(word('common', 'word'), 10)).toBe(false);
    expect(await isLarge(literal('common'), 10)).toBe(false);
  });

  it('answers a probe of a large lookup with its limit, of a small one with its size', async () => {
    await sql`analyze comments`.execute(database.db);
    expect(await probeLookup(database.db, 'comments', common, 11)).toBe(11);
    expect(await probeLookup(database.db, 'comments', rare, 11)).toBe(RARE);
    expect(await probeLookup(database.db, 'comments', { kind: 'union', parts: [rare, common] }, 11)).toBe(11);
  });
});
