import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCorpus, insertCorpus, makePost } from '../../../../test/corpus-factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { countMatches, estimateMatches, searchCorpus } from './corpus-search.service.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { countWordMatches } from '../../../db/repositories/corpus/search/corpus-search.repository.ts';
import {
  setSqliteStatementDeadline,
  StatementDeadlineError,
} from '../../../db/filter-sql/sqlite-functions.ts';

// What the search does at scale, on a corpus large enough to need several statements: a scan reports its progress
// and stops at its deadline with what it found; a count stops there too; an estimate lands near the truth.
const POSTS = 12_000;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await clearCorpus(database.db);
  const posts = Array.from({ length: POSTS }, (_, i) =>
    makePost({
      id: `p${i.toString(36)}`,
      title: i % 4 === 0 ? `number ${i} is a quarter` : `number ${i}`,
      score: i % 1000,
    }),
  );
  await insertCorpus(database.db, { posts });
}, 120_000);
afterAll(async () => database.close());

const regex = (value: string) =>
  parseFilterTreeWithRe2({
    combinator: 'and',
    rules: [{ field: 'regex', operator: 'regex_matches', value }],
  });

describe(`search limits (${TEST_DIALECT})`, () => {
  it('reports the progress of a scan that finds nothing, chunk by chunk, up to the whole table', async () => {
    const fractions: number[] = [];
    const result = await searchCorpus(
      database.db,
      { filters: regex('^[0-9]+ [0-9]+$'), searchType: 'posts', resultCount: 10 },
      { onProgress: (fraction) => fractions.push(fraction) },
    );
    expect(result).toMatchObject({ posts: [], isComplete: true });
    expect(fractions.length).toBeGreaterThanOrEqual(2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });

  it('stops a scan and a count at the deadline and says so', async () => {
    const past = { deadline: Date.now() - 1 };
    const found = await searchCorpus(
      database.db,
      { filters: regex('^[0-9]+ [0-9]+$'), searchType: 'posts', resultCount: 10 },
      past,
    );
    expect(found.isComplete).toBe(false);
    const counted = await countMatches(
      database.db,
      { filters: regex('quarter$'), searchType: 'posts' },
      100_000,
      past,
    );
    expect(counted.isComplete).toBe(false);
    expect(
      await countMatches(database.db, { filters: regex('quarter$'), searchType: 'posts' }, 100_000),
    ).toEqual({
      count: POSTS / 4,
      isCapped: false,
      isComplete: true,
    });
  });

  it('stops a words-only count at the deadline, inside the statement on SQLite', async () => {
    const keyword = parseFilterTreeWithRe2({
      combinator: 'and',
      rules: [{ field: 'keyword', operator: 'keyword_contains', value: '"a quarter"' }],
    });
    const query = { filters: keyword, searchType: 'posts' as const };
    expect(await countMatches(database.db, query, 100_000)).toEqual({
      count: POSTS / 4,
      isCapped: false,
      isComplete: true,
    });
    expect((await countMatches(database.db, query, 100_000, { deadline: Date.now() - 1 })).isComplete).toBe(
      false,
    );
    if (TEST_DIALECT !== 'sqlite') return;
    // The statement itself checks the clock at each matching row (better-sqlite3 cannot interrupt one).
    const previous = setSqliteStatementDeadline(Date.now() - 1);
    try {
      await expect(countWordMatches(database.db, 'posts', '"a quarter"')).rejects.toBeInstanceOf(
        StatementDeadlineError,
      );
    } finally {
      setSqliteStatementDeadline(previous);
    }
  });

  it('reads a scan in storage order whose rows come to it a few thousand rows a statement', async () => {
    // PostgreSQL sizes the statements in pages from its statistics of rows a page.
    if (TEST_DIALECT === 'postgres') await sql`analyze posts`.execute(database.db);
    const fractions: number[] = [];
    // random: no index serves the order, so every row is read in storage order and comes here to be kept.
    const result = await searchCorpus(
      database.db,
      { filters: regex('^[0-9]+ [0-9]+$'), searchType: 'posts', resultCount: 10, sort: 'random' },
      { onProgress: (fraction) => fractions.push(fraction) },
    );
    expect(result).toMatchObject({ posts: [], isComplete: true });
    // 12,000 rows, at most 5,000 a statement (a statement's rows arrive whole, even past the deadline).
    expect(fractions.length).toBeGreaterThanOrEqual(3);
    expect(fractions.at(-1)).toBe(1);
  });

  it('drives from a lookup past the balance size when the first chunk in result order shows matches sparse', async () => {
    // "quarter" lists 3,000 posts (past the 2,000 a listing drives from); one of them, number 0, has no other digit
    // and the lowest score, so the scan in score order finds nothing in its first chunk.
    const sparse = parseFilterTreeWithRe2({
      combinator: 'and',
      rules: [
        { field: 'keyword', operator: 'keyword_contains', value: 'quarter' },
        { field: 'regex', operator: 'regex_not_matches', value: '^number [0-9]*[1-9]' },
      ],
    });
    const query = { filters: sparse, searchType: 'posts' as const, resultCount: 10 };
    const listed: number[] = [];
    const fromLookup = await searchCorpus(database.db, query, { onProgress: (f) => listed.push(f) });
    expect(fromLookup).toMatchObject({ posts: [{ id: 'p0' }], isComplete: true });
    expect(listed).toEqual([]);
    // A search with little time left keeps the scan, which returns what it found by the deadline.
    const scanned: number[] = [];
    const soon = { deadline: Date.now() + 5_000, onProgress: (f: number) => scanned.push(f) };
    expect(await searchCorpus(database.db, query, soon)).toMatchObject({
      posts: [{ id: 'p0' }],
      isComplete: true,
    });
    expect(scanned.length).toBeGreaterThanOrEqual(2);
  });

  it('estimates a count from a random sample, its 95 % range around the value', async () => {
    const estimate = await estimateMatches(database.db, { filters: regex('quarter$'), searchType: 'posts' });
    expect(estimate.low).toBeLessThanOrEqual(estimate.value);
    expect(estimate.high).toBeGreaterThanOrEqual(estimate.value);
    // 3,000 sampled rows put a 25 % share within about ±1.5 points; 30 % off would be nine standard errors.
    expect(Math.abs(estimate.value - POSTS / 4)).toBeLessThan((POSTS / 4) * 0.3);
    const none = await estimateMatches(database.db, { filters: regex('zzq[0-9]'), searchType: 'posts' });
    // No match seen: a range from 0, and a point near it (PostgreSQL: the centre of Wilson's range over the rows read).
    expect(none.low).toBe(0);
    expect(none.value).toBeLessThan(POSTS * 0.01);
  });
});
