import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { listTopComments } from '../../db/repositories/orders/thread-context.repository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import type { CommentRecord, PostRecord } from '../../corpus/records.ts';
import { CONTEXT_BATCH, withThreadContext } from './thread-context.service.ts';

const POSTS = 150;
const CHAIN = 3;
const PER_POST = 12;

// Each post has PER_POST comments: a chain c0 → c1 → c2 (each answering the one before) and replies to c2.
const posts = Array.from({ length: POSTS }, (_, i) => makePost({ id: `bp${i}`, title: `post ${i}` }));
const comments = posts.flatMap((p, i) =>
  Array.from({ length: PER_POST }, (_, j) =>
    makeComment({
      id: `b${i}x${j}`,
      link_id: `t3_${p.id}`,
      parent_id: j === 0 ? `t3_${p.id}` : `t1_b${i}x${Math.min(j - 1, CHAIN - 1)}`,
      score: (j * 7) % PER_POST,
      body: `comment ${j} of ${i}`,
    }),
  ),
);

/** Counts the statements a database handle runs, and keeps the last one. */
function countingPlugin() {
  const plugin = {
    statements: 0,
    last: undefined as RootOperationNode | undefined,
    transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
      plugin.statements += 1;
      plugin.last = args.node;
      return args.node;
    },
    transformResult: (args: Parameters<KyselyPlugin['transformResult']>[0]) => Promise.resolve(args.result),
  };
  return plugin;
}

const asRecords = <T>(rows: object[]) => rows.map((row) => ({ ...row })) as T[];

async function drain<T>(input: AsyncIterable<T> | Iterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of input) out.push(item);
  return out;
}

describe(`thread context is fetched in bounded batches (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await insertCorpus(t.deps.db, { posts, comments });
    // PostgreSQL plans from statistics, as it would on a corpus that has been loaded and analysed.
    if (TEST_DIALECT === 'postgres') await sql`analyze`.execute(t.deps.db);
  });
  afterAll(() => t.close());

  it('fetches the chains of a batch level by level, not comment by comment', async () => {
    const counter = countingPlugin();
    const db = t.deps.db.withPlugin(counter);
    // The replies at the end of each chain: CHAIN parents each.
    const picked = asRecords<CommentRecord>(comments.filter((c) => c.id.endsWith(`x${PER_POST - 1}`)));
    const { comments: enriched } = withThreadContext(
      db,
      { posts: [], comments: picked },
      { includeContext: true, includeComments: 0, format: 'json' },
    );
    const result = await drain(enriched);
    expect(result).toHaveLength(POSTS);
    for (const c of result) {
      expect(c.context!.parents.map((p) => p.id)).toEqual(
        [2, 1, 0].map((j) => c.id.replace(/x\d+$/, `x${j}`)),
      );
      expect(c.context!.parents_complete).toBe(true);
    }
    // Per batch: the titles, then one statement per level of the chains (the last one finds the posts' ids).
    const batches = Math.ceil(POSTS / CONTEXT_BATCH);
    expect(counter.statements).toBe(batches * (1 + CHAIN));
  });

  it('a tabular file reads one level: the parent', async () => {
    const counter = countingPlugin();
    const picked = asRecords<CommentRecord>(comments.filter((c) => c.id.endsWith(`x${PER_POST - 1}`)));
    const { comments: enriched } = withThreadContext(
      t.deps.db.withPlugin(counter),
      { posts: [], comments: picked },
      { includeContext: true, includeComments: 0, format: 'csv' },
    );
    const result = await drain(enriched);
    expect(result[0]!.context!.parents).toHaveLength(1);
    expect(result[0]!.context!.next_parent_id).toBe(`t1_${result[0]!.id.replace(/x\d+$/, 'x1')}`);
    expect(counter.statements).toBe(Math.ceil(POSTS / CONTEXT_BATCH) * 2);
  });

  it('lists the top comments of a batch of posts in one statement', async () => {
    const counter = countingPlugin();
    const { posts: enriched } = withThreadContext(
      t.deps.db.withPlugin(counter),
      { posts: asRecords<PostRecord>(posts), comments: [] },
      { includeContext: false, includeComments: 4, format: 'ndjson' },
    );
    const result = await drain(enriched);
    expect(counter.statements).toBe(Math.ceil(POSTS / CONTEXT_BATCH));
    for (const p of result) {
      const expected = comments
        .filter((c) => c.link_id === `t3_${p.id}`)
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, 4)
        .map((c) => c.id);
      expect(p.top_comments!.map((c) => c.id)).toEqual(expected);
    }
  });

  it('reads the top comments from the (link_id, score) index, a few entries a post', async () => {
    const counter = countingPlugin();
    const db = t.deps.db.withPlugin(counter);
    await listTopComments(db, ['bp1', 'bp2'], 3);
    const compiled = t.deps.db.getExecutor().compileQuery(counter.last!, { queryId: 'plan' } as never);
    const explain = TEST_DIALECT === 'sqlite' ? 'explain query plan ' : 'explain ';
    const { rows } = await t.deps.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
    );
    const plan = rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/comments_link_score_idx/);
    // Never a pass over every comment.
    expect(plan).not.toMatch(/SCAN (TABLE )?comments\b|SCAN c\b|SCAN x\b|Seq Scan on comments/);
  });
});
