import { SORT_ORDERS, type Order, type PreviewResponse, type SortOrder } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, signUpAndSignIn, TEST_PASSWORD } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../test/corpus-factories.ts';
import { downloadOrderFile, fulfilAll, makeOrdersCorpus } from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { evaluateSearch } from '../../corpus/reference/evaluate.ts';
import type { CommentsTable, PostsTable } from '../../db/tables/corpus.tables.ts';
import { countDeliveredRecords } from '../../db/repositories/orders/delivered-records.repository.ts';
import { addDays } from '../../lib/clock.ts';

import { purgeExpiredOrders } from '../operations/retention.service.ts';
import { parseFilterTreeWithRe2 } from '../../corpus/filters/parse-filter-tree.ts';

const corpus = makeOrdersCorpus({ posts: 90, comments: 120, prefix: 'e' });
const ZEBRA = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'zebra' }],
};
const zebra = (id: string, score: number) => makePost({ id, title: `zebra ${id}`, score });

// Each filter drives another plan on a small corpus: a full-text lookup; no lookup at all (a scan in the sort's
// index, or in storage order for most_discussed and random); a regex (a superset checked row by row on PostgreSQL).
const FILTERS = {
  keyword: {
    combinator: 'and',
    rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
  },
  scan: { combinator: 'and', rules: [{ field: 'upvotes', operator: '>=', value: -5 }] },
  regex: { combinator: 'and', rules: [{ field: 'regex', operator: 'regex_matches', value: 'pyth[o0]n' }] },
} as const;

/** Everything stored in the corpus, for the reference. */
const stored: { posts: PostsTable[]; comments: CommentsTable[] } = { posts: [], comments: [] };

describe(`exclude_purchased: never buy a record twice (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await store({
      ...corpus,
      posts: [...corpus.posts, ...[1, 2, 3, 4, 5, 6].map((i) => zebra(`zb${i}`, i))],
    });
  });
  afterAll(() => t.close());

  async function store(records: { posts?: PostsTable[]; comments?: CommentsTable[] }) {
    await insertCorpus(t.deps.db, records);
    stored.posts.push(...(records.posts ?? []));
    stored.comments.push(...(records.comments ?? []));
  }

  type Buyer = { headers: Record<string, string> };
  const call = (buyer: Buyer, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: buyer.headers, ...(payload ? { payload } : {}) });
  const credits = async (buyer: Buyer) =>
    Number((await call(buyer, 'GET', '/api/dashboard/stats/')).json().credits);

  /** Places an order, runs the worker, and returns the completed order with the ids its JSON file holds. */
  async function deliver(buyer: Buyer, payload: Record<string, unknown>) {
    const placed = await call(buyer, 'POST', '/api/search-queries/create/', payload);
    expect(placed.statusCode, placed.body).toBe(201);
    await fulfilAll(t.deps);
    const order = (await call(buyer, 'GET', `/api/search-queries/${placed.json().id}/`)).json() as Order;
    expect(order.status).toBe('completed');
    const file = JSON.parse((await downloadOrderFile(t.app, buyer.headers, order.id)).body.toString()) as
      { id: string }[] | { posts: { id: string }[]; comments: { id: string }[] };
    const ids = Array.isArray(file)
      ? file.map((r) => r.id)
      : [...file.posts, ...file.comments].map((r) => r.id);
    return { order, ids };
  }

  it('delivers on a re-run only the records not received before, and charges only for them', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const before = await credits(buyer);
    const payload = { search_type: 'posts', result_count: 10, filters: ZEBRA, exclude_purchased: true };
    const first = await deliver(buyer, payload);
    expect(first.order).toMatchObject({ exclude_purchased: true, records_delivered: 6, credits_charged: 6 });
    expect(first.ids).toEqual(['zb6', 'zb5', 'zb4', 'zb3', 'zb2', 'zb1']);

    // New records arrive: one scores above every record received, one below.
    await store({ posts: [zebra('zb7', 50), zebra('zb8', 0)] });
    const preview = (
      await call(buyer, 'POST', '/api/search-queries/preview/', payload)
    ).json() as PreviewResponse;
    expect(preview).toMatchObject({ matches: 2, credits_needed: 2 });

    const second = await deliver(buyer, payload);
    expect(second.ids).toEqual(['zb7', 'zb8']);
    expect(second.order).toMatchObject({ records_delivered: 2, credits_charged: 2, result_count: 10 });
    expect(await credits(buyer)).toBe(before - 8);
    expect(await countDeliveredRecords(t.deps.db, second.order.id)).toBe(2);

    // Nothing new: the order completes empty and costs nothing.
    const third = await deliver(buyer, payload);
    expect(third).toMatchObject({ ids: [], order: { records_delivered: 0, credits_charged: 0 } });
    // Without the option the same user buys them all again, and another user's purchases never count.
    const again = await deliver(buyer, { ...payload, exclude_purchased: false });
    expect(again.ids).toHaveLength(8);
    const other = await deliver(await signUpAndSignIn(t.app), payload);
    expect(other.ids).toHaveLength(8);
    expect(await credits(buyer)).toBe(before - 16);
  });

  const cases = Object.keys(FILTERS).flatMap((filter) =>
    SORT_ORDERS.map((sort) => [filter as keyof typeof FILTERS, sort] as const),
  );
  it.each(cases)(
    '%s sorted %s: a re-run delivers the next records in the same order',
    async (filter, sort) => {
      const buyer = await signUpAndSignIn(t.app);
      const seed = sort === 'random' ? { sample_seed: 11 } : {};
      const payload = { search_type: 'both', result_count: 8, filters: FILTERS[filter], sort, ...seed };
      const first = await deliver(buyer, payload);
      const second = await deliver(buyer, { ...payload, exclude_purchased: true });
      const received = new Set(first.ids);
      expect(second.ids).toHaveLength(8);
      expect(second.ids.filter((id) => received.has(id))).toEqual([]);
      const unseen = {
        posts: stored.posts.filter((p) => !received.has(p.id)),
        comments: stored.comments.filter((c) => !received.has(c.id)),
      };
      expect(second.ids).toEqual(referenceIds(unseen, FILTERS[filter], sort));
      // The dry run counts the same unseen records the order chooses from.
      const preview = await call(buyer, 'POST', '/api/search-queries/preview/', {
        ...payload,
        exclude_purchased: true,
      });
      const all = referenceIds(stored, FILTERS[filter], sort, 10_000).length;
      expect(preview.json()).toMatchObject({ matches: all - 16 });
    },
  );

  it('forgets what a deleted account received', async () => {
    const buyer = await signUpAndSignIn(t.app);
    await deliver(buyer, { search_type: 'posts', result_count: 3, filters: ZEBRA, exclude_purchased: true });
    expect(await rowsOf(buyer.user.id)).toEqual({ deliveries: 1, records: 3 });
    const deleted = await call(buyer, 'POST', '/api/users/me/delete/', {
      password: TEST_PASSWORD,
      confirm: 'DELETE',
    });
    expect(deleted.statusCode).toBe(204);
    expect(await rowsOf(buyer.user.id)).toEqual({ deliveries: 0, records: 0 });
  });

  // Last: it moves the clock on by months.
  it('forgets what an order delivered when retention deletes the order', async () => {
    const session = await signUpAndSignIn(t.app);
    // An API key: the browser session would expire as the clock moves on.
    const buyer = await createApiKey(t.app, session);
    const payload = { search_type: 'posts', result_count: 3, filters: ZEBRA, exclude_purchased: true };
    const old = await deliver(buyer, payload);
    const start = t.clock.now();
    t.clock.set(addDays(start, 2));
    const young = await deliver(buyer, payload);
    expect(young.ids).toEqual(['zb4', 'zb3', 'zb2']);
    expect(await countDeliveredRecords(t.deps.db, old.order.id)).toBe(3);
    t.clock.set(addDays(start, 91));
    expect(await purgeExpiredOrders(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await countDeliveredRecords(t.deps.db, old.order.id)).toBe(0);
    expect(await countDeliveredRecords(t.deps.db, young.order.id)).toBe(3);
    expect(await rowsOf(session.user.id)).toEqual({ deliveries: 1, records: 3 });
  });

  async function rowsOf(userId: string) {
    const { db } = t.deps;
    const buyerRow = await db
      .selectFrom('record_buyers')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const count = async (table: 'order_deliveries' | 'delivered_records') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('buyer_id', '=', buyerRow.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { deliveries: await count('order_deliveries'), records: await count('delivered_records') };
  }
});

function referenceIds(
  records: Parameters<typeof evaluateSearch>[0],
  filters: object,
  sort: SortOrder,
  resultCount = 8,
): string[] {
  const found = evaluateSearch(records, {
    filters: parseFilterTreeWithRe2(filters),
    searchType: 'both',
    resultCount,
    sort,
    sampleSeed: 11,
  });
  return [...found.posts, ...found.comments].map((r) => r.id);
}
