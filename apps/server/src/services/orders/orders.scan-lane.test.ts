import { ORDER_MESSAGES, PreviewResponseSchema, type Order } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, recountCorpusTotals } from '../../../test/corpus-factories.ts';
import { makeOrdersCorpus, waitFor } from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { findOrderById } from '../../db/repositories/orders/orders.repository.ts';
import { startOrderWorker } from '../../jobs/order-worker.ts';

// Issue 28 item 4 (docs/decisions/038-scan-lane-and-budget.md).

const POSTS = 120;
const COMMENTS = 180;
const RECORDS_PER_SECOND = 50;
/** Two full scans of the posts a day, not three (one of posts and comments together). */
const BUDGET = 3 * POSTS - 10;

const rules = (...list: object[]) => ({ combinator: 'and', rules: list });
/** No literal of 3+ characters: no index lookup, the scan reads every stored record (and matches none). */
const ZERO_MATCH_REGEX = rules({ field: 'regex', operator: 'regex_matches', value: '[0-9]{9}qz?' });
const KEYWORD = rules({ field: 'keyword', operator: 'keyword_contains', value: 'python' });
/** Every post matches; no index lookup holds them. */
const EVERY_POST = rules({ field: 'upvotes', operator: '>=', value: 0 });

describe(`the scan lane and the daily scan budget (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      SCAN_RECORDS_PER_USER_PER_DAY: String(BUDGET),
      SCAN_RECORDS_PER_SECOND: String(RECORDS_PER_SECOND),
    });
    await insertCorpus(t.deps.db, makeOrdersCorpus({ posts: POSTS, comments: COMMENTS }));
    await recountCorpusTotals(t.deps.db);
  });
  afterAll(() => t.close());

  const post = (user: TestSession, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.headers, payload });
  const place = (user: TestSession, payload: object) =>
    post(user, '/api/search-queries/create/', { result_count: 5, format_type: 'json', ...payload });
  const laneOf = async (payload: object) => {
    // A new user each time: the scan orders of one would soon spend its budget.
    const res = await place(await signUpAndSignIn(t.app), payload);
    expect(res.statusCode, res.body).toBe(201);
    const row = (await findOrderById(t.deps.db, res.json<Order>().id))!;
    return { lane: row.lane, records: Number(row.scan_records) };
  };

  it('classifies an order at placement: the scan lane when no index narrows a type it asks for', async () => {
    const scanPosts = { lane: 'scan', records: POSTS };
    const indexed = { lane: 'indexed', records: 0 };
    expect(await laneOf({ search_type: 'posts', filters: ZERO_MATCH_REGEX })).toEqual(scanPosts);
    expect(await laneOf({ search_type: 'comments', filters: ZERO_MATCH_REGEX })).toEqual({
      lane: 'scan',
      records: COMMENTS,
    });
    expect(await laneOf({ search_type: 'both', filters: ZERO_MATCH_REGEX })).toEqual({
      lane: 'scan',
      records: POSTS + COMMENTS,
    });
    // A keyword (the full-text index), a regex literal of 3+ characters (the trigram index).
    expect(await laneOf({ search_type: 'posts', filters: KEYWORD })).toEqual(indexed);
    const literal = rules({ field: 'regex', operator: 'regex_matches', value: 'zzq[0-9]+' });
    expect(await laneOf({ search_type: 'comments', filters: literal })).toEqual(indexed);
    // The regex beside a keyword: the keyword's index narrows it.
    const narrowed = rules(KEYWORD.rules[0]!, ZERO_MATCH_REGEX.rules[0]!);
    expect(await laneOf({ search_type: 'posts', filters: narrowed })).toEqual(indexed);
    // A score floor is a lookup of the score index (decision 039), in any order; a random sample that nothing
    // narrows walks every key round from its seed's start.
    expect(await laneOf({ search_type: 'posts', filters: EVERY_POST })).toEqual(indexed);
    expect(await laneOf({ search_type: 'posts', filters: EVERY_POST, sort: 'random' })).toEqual(indexed);
    expect(await laneOf({ search_type: 'posts', filters: ZERO_MATCH_REGEX, sort: 'random' })).toEqual(
      scanPosts,
    );
  });

  it('says in the dry run that a search reads the whole corpus, how long that takes and what the budget has left', async () => {
    const user = await signUpAndSignIn(t.app);
    const preview = async (payload: object) => {
      const res = await post(user, '/api/search-queries/preview/', { result_count: 5, ...payload });
      expect(res.statusCode, res.body).toBe(200);
      return PreviewResponseSchema.parse(res.json());
    };
    const scan = await preview({ search_type: 'posts', filters: ZERO_MATCH_REGEX });
    expect(scan.scan).toMatchObject({
      records: POSTS,
      seconds: Math.ceil(POSTS / RECORDS_PER_SECOND),
      budget_left: BUDGET,
      budget: BUDGET,
    });
    expect(Date.parse(scan.scan!.budget_resets_at)).toBeGreaterThan(t.clock.now().getTime());
    expect((await preview({ search_type: 'posts', filters: KEYWORD })).scan).toBeUndefined();
    // Spent by an order placed: the next dry run says so.
    expect((await place(user, { search_type: 'posts', filters: ZERO_MATCH_REGEX })).statusCode).toBe(201);
    expect((await preview({ search_type: 'posts', filters: ZERO_MATCH_REGEX })).scan?.budget_left).toBe(
      BUDGET - POSTS,
    );
  });

  it('refuses a scan order past the daily budget with a 429 that says what is left and when it resets, reserving nothing', async () => {
    const user = await signUpAndSignIn(t.app);
    const scanOrder = { search_type: 'posts', filters: ZERO_MATCH_REGEX };
    expect((await place(user, scanOrder)).statusCode).toBe(201);
    expect((await place(user, scanOrder)).statusCode).toBe(201);
    const before = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats/', headers: user.headers });

    const refused = await place(user, scanOrder);
    expect(refused.statusCode).toBe(429);
    const now = t.clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const resetsAt = `${new Date(midnight).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(refused.json()).toEqual({
      detail: ORDER_MESSAGES.scanBudgetSpent(POSTS, BUDGET - 2 * POSTS, resetsAt),
      code: 'scan_budget_spent',
    });
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((midnight - now.getTime()) / 1000));
    // Nothing reserved, no order written.
    const after = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats/', headers: user.headers });
    expect(after.json()).toEqual(before.json());
    expect(after.json()).toMatchObject({ total: 2, credits: 1_000 - 10 });
    // An indexed order is not paid from the budget; another user's budget is their own; tomorrow it is whole again.
    expect((await place(user, { search_type: 'posts', filters: KEYWORD })).statusCode).toBe(201);
    expect((await place(await signUpAndSignIn(t.app), scanOrder)).statusCode).toBe(201);
    t.clock.advance(midnight - now.getTime());
    const tomorrow = await signIn(t.app, user.username);
    expect((await place(tomorrow, scanOrder)).statusCode).toBe(201);
  });
});

describe(`a full scan in the worker does not hold back another user's indexed order (${TEST_DIALECT})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // Every record written to a file takes 250 ms: user A's scan order of 100 records runs for 25 s or more.
    t = await buildTestApp({ WORKER_POLL_INTERVAL_MS: '20', WORKER_RECORD_DELAY_MS: '250' });
    await insertCorpus(t.deps.db, makeOrdersCorpus({ posts: POSTS, comments: COMMENTS }));
    await recountCorpusTotals(t.deps.db);
  });
  afterAll(() => t.close());

  it("completes user B's indexed order while user A's full scan is still running", async () => {
    const [alice, bob] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
    const worker = startOrderWorker(t.deps, 'lanes');
    try {
      const placeAs = async (user: TestSession, payload: object) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/search-queries/create/',
          headers: user.headers,
          payload: { format_type: 'json', search_type: 'posts', ...payload },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<Order>().id;
      };
      // A random sample of the posts with a letter: a regex without a literal, so no index narrows it.
      const anyLetter = rules({ field: 'regex', operator: 'regex_matches', value: '[a-z]' });
      const scanId = await placeAs(alice, { result_count: 100, filters: anyLetter, sort: 'random' });
      await waitFor(async () => (await findOrderById(t.deps.db, scanId))?.status === 'processing', {
        what: "A's scan order to start",
      });
      const startedAt = Date.now();
      const indexedId = await placeAs(bob, { result_count: 1, filters: KEYWORD });
      await waitFor(async () => (await findOrderById(t.deps.db, indexedId))?.status === 'completed', {
        what: "B's indexed order to complete",
      });
      const waitedMs = Date.now() - startedAt;
      expect((await findOrderById(t.deps.db, scanId))?.status).toBe('processing');
      // One record's 250 ms and the worker's steps: nowhere near A's 25 s.
      expect(waitedMs).toBeLessThan(10_000);
      console.info(`B's indexed order completed ${waitedMs} ms after it was placed, beside A's scan`);
    } finally {
      await worker.stop({ graceMs: 0 });
    }
  });
});
