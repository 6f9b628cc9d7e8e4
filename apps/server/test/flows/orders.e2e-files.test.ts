import type { FilterTree, FormatType, Order, SearchType } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../auth-helpers.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { insertCorpus, makePost } from '../corpus-factories.ts';
import {
  COMMENT_FIELDS,
  downloadOrderFile,
  exportedFields,
  FORMATS,
  fulfilAll,
  makeOrdersCorpus,
  parseOrderFile,
  POST_FIELDS,
  reservationLedger,
  SEARCH_TYPES,
  type FileRecord,
  type ParsedOrderFile,
} from '../order-helpers.ts';
import { TEST_DIALECT } from '../test-database.ts';
import { evaluateSearch, recordMatches } from '../../src/corpus/reference/evaluate.ts';
import { findOrderById } from '../../src/db/repositories/orders/orders.repository.ts';

// Applies to both record types: upvotes/comments constrain posts only, replies comments only (docs/product.md §7.4).
const FILTERS = {
  combinator: 'AND',
  rules: [
    { type: 'keyword', field: 'keyword', operator: 'keyword_contains', value: 'python' },
    {
      type: 'group',
      combinator: 'OR',
      items: [
        { field: 'upvotes', operator: 'between', value: [0, 40] },
        { field: 'replies', operator: '>=', value: 3 },
        { field: 'regex', operator: 'regex_matches', value: 'csv|café' },
      ],
    },
    { field: 'comments', operator: '<', value: 11 },
  ],
};
// The corpus has 33 matching posts and 49 matching comments: posts leave credits to refund, comments are cut at
// the count, and `both` has too few posts for its half, so comments fill the rest.
const RESULT_COUNT: Record<SearchType, number> = { posts: 40, comments: 30, both: 70 };
const CASES = FORMATS.flatMap((format) => SEARCH_TYPES.map((searchType) => [format, searchType] as const));

const corpus = makeOrdersCorpus();

describe(`order files from placing to parsing (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;
  const orders = new Map<string, Order>();

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUpAndSignIn(t.app);
    await insertCorpus(t.deps.db, corpus);
    for (const [format, searchType] of CASES) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search-queries/create/',
        headers: buyer.headers,
        payload: {
          title: `=Orders ${format} ${searchType}`,
          search_type: searchType,
          format_type: format,
          result_count: RESULT_COUNT[searchType],
          filters: FILTERS,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      orders.set(`${format}/${searchType}`, res.json());
    }
    expect(await fulfilAll(t.deps)).toHaveLength(CASES.length);
  });
  afterAll(() => t.close());

  it('has the matches the cases rely on', () => {
    const all = evaluateSearch(corpus, { filters: storedTree(), searchType: 'both', resultCount: 10_000 });
    expect(all.posts.length).toBeLessThan(RESULT_COUNT.posts);
    expect(all.comments.length).toBeGreaterThan(RESULT_COUNT.comments);
    expect(all.posts.length).toBeLessThan(Math.ceil(RESULT_COUNT.both / 2));
    expect(all.posts.length + all.comments.length).toBeGreaterThan(RESULT_COUNT.both);
  });

  it.each(CASES)(
    '%s / %s: the file holds exactly the best matches, each passing the filters',
    async (format, searchType) => {
      const placed = orders.get(`${format}/${searchType}`)!;
      const n = RESULT_COUNT[searchType];
      const expected = evaluateSearch(corpus, { filters: storedTree(), searchType, resultCount: n });
      const delivered = expected.posts.length + expected.comments.length;

      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search-queries/${placed.id}/`,
        headers: buyer.headers,
      });
      const order = res.json() as Order;
      expect(order).toMatchObject({
        status: 'completed',
        progress: 100,
        records_delivered: delivered,
        credits_charged: delivered,
        there_is_file: true,
        file_name: `=Orders ${format} ${searchType}.${format}`,
        error: null,
      });

      const file = await downloadOrderFile(t.app, buyer.headers, order.id);
      expect(file.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(order.file_name!)}`,
      );
      expect(Number(file.headers['content-length'])).toBe(file.body.length);
      const parsed = await parseOrderFile(format, searchType, file.body);

      for (const post of parsed.posts) {
        expect(
          recordMatches(order.filters as FilterTree, { type: 'posts', record: asReferencePost(post) }),
        ).toBe(true);
      }
      for (const comment of parsed.comments) {
        expect(
          recordMatches(order.filters as FilterTree, {
            type: 'comments',
            record: asReferenceComment(comment),
          }),
        ).toBe(true);
      }
      expect(parsed.posts.map(fieldsOnly('post'))).toEqual(
        expected.posts.map((p) => exportedFields('post', p, format)),
      );
      expect(parsed.comments.map(fieldsOnly('comment'))).toEqual(
        expected.comments.map((c) => exportedFields('comment', c, format)),
      );
      expectLayout(format, searchType, parsed);
    },
  );

  it('reserved each order in full and gave back exactly the credits of undelivered records', async () => {
    let charged = 0;
    for (const [format, searchType] of CASES) {
      const row = (await findOrderById(t.deps.db, orders.get(`${format}/${searchType}`)!.id))!;
      const ledger = await reservationLedger(t.deps.db, buyer.user.id, row.reservation_id);
      const delivered = row.records_delivered!;
      expect(ledger.reserved).toBe(RESULT_COUNT[searchType]);
      expect(ledger.released).toBe(RESULT_COUNT[searchType] - delivered);
      expect(ledger.releaseEntries).toBe(delivered < RESULT_COUNT[searchType] ? 1 : 0);
      expect(ledger.reservation).toMatchObject({ status: 'settled', creditsUsed: delivered });
      charged += delivered;
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: buyer.headers });
    expect(me.json().user.credits).toBe(1000 - charged);
  });

  it.each(FORMATS)(
    '%s: records of the generated sample are labelled in an is_sample column',
    async (format) => {
      const sample = [1, 2, 3].map((i) =>
        makePost({ id: `zs${format}${i}`, title: `zebra ${format}`, score: i, is_sample: 1 }),
      );
      const real = makePost({ id: `zr${format}`, title: `zebra ${format} real`, score: 100 });
      await insertCorpus(t.deps.db, { posts: [...sample, real] });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search-queries/create/',
        headers: buyer.headers,
        payload: {
          format_type: format,
          result_count: 10,
          filters: {
            combinator: 'and',
            rules: [{ field: 'keyword', operator: '=', value: `zebra ${format}` }],
          },
        },
      });
      expect(res.statusCode).toBe(201);
      await fulfilAll(t.deps);
      const parsed = await parseOrderFile(
        format,
        'posts',
        (await downloadOrderFile(t.app, buyer.headers, res.json().id)).body,
      );
      expect(parsed.posts.map((p) => [p.id, p.is_sample])).toEqual([
        [real.id, false],
        ...sample.reverse().map((p) => [p.id, true]),
      ]);
    },
  );

  function storedTree(): FilterTree {
    return orders.values().next().value!.filters as FilterTree;
  }
});

function fieldsOnly(kind: 'post' | 'comment') {
  const fields: readonly string[] = kind === 'post' ? POST_FIELDS : COMMENT_FIELDS;
  return (record: FileRecord): FileRecord => Object.fromEntries(fields.map((f) => [f, record[f]!]));
}

const asReferencePost = (r: FileRecord) => ({
  id: String(r.id),
  title: String(r.title),
  selftext: String(r.selftext),
  score: Number(r.score),
  num_comments: Number(r.num_comments),
});
const asReferenceComment = (r: FileRecord) => ({
  id: String(r.id),
  body: String(r.body),
  score: Number(r.score),
  replies: Number(r.replies),
});

/** The columns, sheets and extra cells docs/product.md §8 promises for each format, and no is_sample on real data. */
function expectLayout(format: FormatType, searchType: SearchType, parsed: ParsedOrderFile): void {
  const withDate = (fields: readonly string[]) =>
    fields.flatMap((f) => (f === 'created_utc' ? [f, 'created'] : [f]));
  if (format === 'csv') {
    const union = [
      ...POST_FIELDS,
      ...COMMENT_FIELDS.filter((f) => !(POST_FIELDS as readonly string[]).includes(f)),
    ];
    const header =
      searchType === 'both' ? ['type', ...union] : searchType === 'posts' ? POST_FIELDS : COMMENT_FIELDS;
    expect(parsed.columns.csv).toEqual([...header]);
    return;
  }
  if (format === 'json') {
    if (parsed.posts.length > 0) expect(parsed.columns.posts).toEqual([...POST_FIELDS]);
    if (parsed.comments.length > 0) expect(parsed.columns.comments).toEqual([...COMMENT_FIELDS]);
    return;
  }
  const names =
    searchType === 'both' ? ['Posts', 'Comments'] : searchType === 'posts' ? ['Posts'] : ['Comments'];
  expect(parsed.sheets!.map((s) => s.name)).toEqual(names);
  expect(parsed.sheets!.every((s) => s.isHeaderBold && s.isFrozen)).toBe(true);
  if (searchType !== 'comments') expect(parsed.columns.posts).toEqual(withDate(POST_FIELDS));
  if (searchType !== 'posts') expect(parsed.columns.comments).toEqual(withDate(COMMENT_FIELDS));
  for (const record of [...parsed.posts, ...parsed.comments]) {
    expect((record.created as Date).getTime()).toBe(Number(record.created_utc) * 1000);
  }
}
