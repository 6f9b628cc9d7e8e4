import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../../../../test/admin-helpers.ts';
import type { TestSession } from '../../../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../../../../test/corpus-factories.ts';

/** Records every query the app's own connection runs (the dry-run threads have theirs). */
function recordQueries(into: string[]): KyselyPlugin {
  return {
    transformQuery: ({ node }: { node: RootOperationNode }) => {
      into.push(JSON.stringify(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

/** A query over a corpus table: a table node or raw SQL naming it. */
const readsCorpus = (query: string) =>
  /"table":\{"kind":"IdentifierNode","name":"(posts|comments)"\}|from (posts|comments)\b/.test(query);

describe('whole-corpus reads run in the dry-run threads, never on the API event loop (decision 028)', () => {
  const queries: string[] = [];
  let t: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    t = await buildTestApp(
      { METRICS_TOKEN: 'corpus-reads-token-0123456' },
      { withDb: (db) => db.withPlugin(recordQueries(queries)) },
    );
    await insertCorpus(t.deps.db, {
      posts: [makePost({ id: 'p1', subreddit: 'python' }), makePost({ id: 'p2', is_sample: 1 })],
      comments: [makeComment({ id: 'c1', subreddit: 'python' })],
    });
    admin = await signUpAdmin(t);
    await t.deps.dryRuns.warmUp();
  });
  afterAll(() => t.close());

  it('health, metrics, the admin overview and the admin corpus page count the corpus elsewhere', async () => {
    queries.length = 0;
    const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.json().corpus).toMatchObject({ posts: 2, comments: 1, sample_records: 1 });
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer corpus-reads-token-0123456' },
    });
    expect(metrics.body).toContain('threadcart_corpus_records{type="post",sample="true"} 1');
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/admin/overview/',
      headers: admin.headers,
    });
    expect(overview.json().corpus).toMatchObject({ posts: 2, comments: 1 });
    const corpus = await t.app.inject({ method: 'GET', url: '/api/admin/corpus/', headers: admin.headers });
    expect(corpus.statusCode).toBe(200);
    expect(corpus.json().by_subreddit[0]).toMatchObject({ key: 'python', posts: 1, comments: 1 });
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.filter(readsCorpus)).toEqual([]);
  });
});
