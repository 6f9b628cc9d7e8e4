import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCorpus, makeComment, makePost } from '../../../../test/corpus-factories.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { withTransaction } from '../../../db/database.ts';
import { upsertPosts } from '../../../db/repositories/corpus/ingest/corpus-ingest.repository.ts';
import {
  ensureMonthPartitions,
  isCorpusPartitioned,
  listPartitions,
} from '../../../db/repositories/corpus/ingest/corpus-partitions.repository.ts';
import {
  findStorageExtent,
  ORDER_WALK_OFF,
} from '../../../db/repositories/corpus/search/corpus-search.repository.ts';
import type { CommentsTable, PostsTable } from '../../../db/tables/corpus.tables.ts';
import { partitionCorpus } from '../ingest/corpus-partitions.service.ts';
import { estimateMatches, searchCorpus } from './corpus-search.service.ts';

// Decision 041: a corpus in 40 monthly partitions. The sorts stop at their limit across partitions, a date rule reads
// its month only, and the storage extent and the estimate count every partition.
const MONTHS = 40;
const PER_MONTH = 30;
const START = Date.UTC(2020, 0, 1) / 1000;
const createdAt = (month: number, i: number) => Date.UTC(2020, month, 1) / 1000 + 3600 * (i + 1);

let database: TestDatabase;
beforeAll(async () => {
  if (TEST_DIALECT !== 'postgres') return;
  database = await createTestDatabase();
  const posts: PostsTable[] = [];
  const comments: CommentsTable[] = [];
  for (let m = 0; m < MONTHS; m++) {
    for (let i = 0; i < PER_MONTH; i++) {
      const created_utc = createdAt(m, i);
      const extra = i % 3 === 0 ? ' data' : '';
      posts.push(
        makePost({ id: `p${m}x${i}`, score: (m * 7 + i * 13) % 101, created_utc, title: `post${extra}` }),
      );
      comments.push(
        makeComment({ id: `c${m}x${i}`, score: (m * 11 + i) % 97, created_utc, body: `c${extra}` }),
      );
    }
  }
  await insertCorpus(database.db, { posts, comments });
  // A plain corpus is converted (the migration command); a partitioned one has its months made from the default.
  if (await isCorpusPartitioned(database.db)) {
    for (const table of ['posts', 'comments'] as const)
      await withTransaction(database.db, (trx) =>
        ensureMonthPartitions(
          trx,
          table,
          [...posts, ...comments].map((r) => r.created_utc),
        ),
      );
  } else await partitionCorpus(database.db);
  // Vacuum: the rows moved out of the default partition leave empty pages, which a page sample cannot tell apart.
  await sql`vacuum analyze posts, comments`.execute(database.db);
}, 240_000);
afterAll(async () => database?.close());

interface PlanNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

async function explainAnalyze(text: string): Promise<PlanNode> {
  return withTransaction(database.db, async (trx) => {
    await sql`select ${sql.join(ORDER_WALK_OFF.map((name) => sql`set_config(${name}, 'off', true)`))}`.execute(
      trx,
    );
    const { rows } = await sql<{
      'QUERY PLAN': { Plan: PlanNode }[];
    }>`explain (analyze, costs off, timing off,
      format json) ${sql.raw(text)}`.execute(trx);
    return rows[0]!['QUERY PLAN'][0]!.Plan;
  });
}

describe.skipIf(TEST_DIALECT !== 'postgres')('a corpus in monthly partitions (PostgreSQL)', () => {
  it('has a partition per month and a default one', async () => {
    for (const table of ['posts', 'comments'] as const) {
      const partitions = await listPartitions(database.db, table);
      expect(partitions.size).toBeGreaterThanOrEqual(MONTHS + 1);
      expect(partitions.has(`${table}_default`)).toBe(true);
    }
  });

  it('merges the partitions in each sort order and stops at the limit', async () => {
    for (const order of ['created_utc desc, id desc', 'created_utc, id', 'score desc, id']) {
      const plan = await explainAnalyze(`select id from posts order by ${order} limit 20`);
      const scans = nodes(plan).filter(
        (n) => n['Node Type'] === 'Index Scan' || n['Node Type'] === 'Index Only Scan',
      );
      expect(scans.length).toBeGreaterThanOrEqual(MONTHS);
      const read = scans.reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 0), 0);
      // A Merge Append of the partitions' index scans (the default partition, which may hold any date, keeps the
      // planner from an ordered Append): the limit's rows and at most one more from each partition.
      expect(plan['Node Type']).toBe('Limit');
      expect(plan.Plans?.[0]?.['Node Type']).toBe('Merge Append');
      expect(read).toBeLessThanOrEqual(20 + scans.length);
      expect(nodes(plan).some((n) => n['Node Type'] === 'Sort')).toBe(false);
    }
  });

  it('answers new, old and top as one table would', async () => {
    const filters = parseFilterTreeWithRe2({ combinator: 'and', rules: [] });
    const { rows } = await sql<{
      id: string;
      score: number;
      created_utc: number;
    }>`select id, score, created_utc
      from posts`.execute(database.db);
    const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = {
      new: [...rows].sort((a, b) => b.created_utc - a.created_utc || byId(b.id, a.id)),
      old: [...rows].sort((a, b) => a.created_utc - b.created_utc || byId(a.id, b.id)),
      top: [...rows].sort((a, b) => b.score - a.score || byId(a.id, b.id)),
    };
    for (const sort of ['new', 'old', 'top'] as const) {
      const result = await searchCorpus(database.db, { filters, searchType: 'posts', resultCount: 45, sort });
      expect(result.posts.map((p) => p.id)).toEqual(expected[sort].slice(0, 45).map((r) => r.id));
    }
  });

  it('reads only the months a date rule names', async () => {
    const from = createdAt(5, 0) - 3600;
    const plan = await explainAnalyze(
      `select id from comments where created_utc >= ${from} and created_utc < ${from + 86_400 * 20}`,
    );
    const tables = new Set(nodes(plan).flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : [])));
    expect([...tables]).toEqual(['comments_p202006']);
  });

  it('counts every partition in the storage extent and the estimate, within the budget', async () => {
    const extent = await findStorageExtent(database.db, 'comments');
    expect(extent.pages).toBeGreaterThanOrEqual(MONTHS);
    expect(extent.units * extent.rowsPerUnit).toBeCloseTo(MONTHS * PER_MONTH, -1);
    const filters = parseFilterTreeWithRe2({
      combinator: 'and',
      rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'data' }],
    });
    const started = Date.now();
    const estimate = await estimateMatches(
      database.db,
      { filters, searchType: 'comments' },
      { deadline: started + 1000, cutoff: started + 900 },
    );
    expect(Date.now() - started).toBeLessThan(1500);
    const exact = MONTHS * Math.ceil(PER_MONTH / 3);
    expect(estimate.low).toBeLessThanOrEqual(exact);
    expect(estimate.high).toBeGreaterThanOrEqual(exact);
  });

  it('moves a record whose newer retrieval has another creation time to that month, keeping one row', async () => {
    const first = makePost({ id: 'moved1', created_utc: createdAt(2, 0), retrieved_at: START + 10 });
    await upsertPosts(database.db, [first]);
    const counts = await upsertPosts(database.db, [
      { ...first, created_utc: createdAt(30, 0), retrieved_at: START + 20 },
    ]);
    expect(counts).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    const { rows } = await sql<{ partition: string }>`select tableoid::regclass::text as partition from posts
      where id = 'moved1'`.execute(database.db);
    expect(rows).toEqual([{ partition: 'posts_p202207' }]);
    // An older retrieval with the first creation time changes nothing.
    expect(await upsertPosts(database.db, [first])).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
  });
});
