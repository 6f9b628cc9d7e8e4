import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../../test/corpus-factories.ts';
import { TEST_DIALECT } from '../../../../test/test-database.ts';
import { dialectOf } from '../../database.ts';
import { compileRowCondition } from '../../filter-sql/row-condition.ts';
import {
  excludeDelivered,
  findRecordBuyerId,
  insertDeliveredRecords,
} from './delivered-records.repository.ts';

const POSTS = 6_000;
const RECEIVED = 5_000;

// exclude_purchased must not read a user's whole history for each statement of a search: the exclusion is one
// probe of delivered_records' primary key per candidate row (docs/decisions/029).
describe(`the plan of exclude_purchased (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyerId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const buyer = await signUpAndSignIn(t.app);
    const posts = Array.from({ length: POSTS }, (_, i) => makePost({ id: `pp${i.toString(36)}`, score: i }));
    await insertCorpus(t.deps.db, { posts });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: {
        result_count: 10,
        filters: { combinator: 'and', rules: [{ field: 'upvotes', operator: '>=', value: 0 }] },
      },
    });
    // The buyer received the best-scoring posts: a search in score order meets them first.
    await insertDeliveredRecords(t.deps.db, {
      orderId: placed.json().id,
      userId: buyer.user.id,
      posts: posts.slice(-RECEIVED).map((p) => p.id),
      comments: [],
    });
    buyerId = (await findRecordBuyerId(t.deps.db, buyer.user.id))!;
    if (dialectOf(t.deps.db) === 'postgres') await sql`analyze`.execute(t.deps.db);
  }, 60_000);
  afterAll(() => t.close());

  it('probes the primary key per candidate row, in a scan in score order', async () => {
    const { db } = t.deps;
    const row = excludeDelivered(compileRowCondition(null, 'posts', dialectOf(db)), buyerId, 'posts');
    const query = sql`select id from posts where (${row.where})
      order by score desc, id limit 10`;
    const { rows: found } = await sql<{ id: string }>`${query}`.execute(db);
    expect(found.map((r) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pp${(POSTS - RECEIVED - 1 - i).toString(36)}`),
    );
    if (dialectOf(db) === 'sqlite') {
      const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
      const plan = rows.map((r) => r.detail).join('\n');
      expect(plan).toMatch(/SEARCH d USING PRIMARY KEY \(buyer_id=\? AND record_type=\? AND record_id=\?\)/);
    } else {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(db);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Nested Loop Anti Join/);
      expect(plan).toMatch(/Index Only Scan using delivered_records_pk on delivered_records d/);
      expect(plan).toMatch(
        /Index Cond: \(\(buyer_id = \d+\) AND \(record_type = .+\) AND \(record_id = posts\.id\)\)/,
      );
    }
  });
});
