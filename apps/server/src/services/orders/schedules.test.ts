import {
  API_MESSAGES,
  ORDER_MESSAGES,
  SCHEDULE_MESSAGES,
  type Order,
  type Schedule,
} from '@threadcart/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey, deleteAccountThroughApi, signUpAndSignIn } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../../test/corpus-factories.ts';
import { fulfilAll } from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { createDatabase } from '../../db/database.ts';
import { runSchedulesJob } from '../../jobs/run-schedules.job.ts';
import { PERIODIC_JOBS } from '../../jobs/registry.ts';
import { listOutbox } from '../operations/mail.service.ts';
import { runDueSchedules } from './schedule-runs.service.ts';

const DAY = 86_400_000;
const MATCHES = 5;
const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };

describe(`scheduled orders (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await insertCorpus(t.deps.db, {
      posts: Array.from({ length: MATCHES }, (_, i) =>
        makePost({ id: `sch${i}`, title: `python ${i}`, score: i }),
      ),
    });
  });
  afterAll(() => t.close());
  // Each test counts the runs of its own schedule only: earlier tests' schedules go.
  beforeEach(async () => {
    await t.deps.db.deleteFrom('order_schedules').execute();
  });

  /** A confirmed user and API-key headers (the tests move the clock by days; a cookie session would expire). */
  async function newUser() {
    const session = await signUpAndSignIn(t.app);
    const key = await createApiKey(t.app, session);
    return { session, headers: key.headers };
  }
  async function schedule(
    headers: Record<string, string>,
    payload: Record<string, unknown> = {},
    extraHeaders: Record<string, string> = {},
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: { ...headers, ...extraHeaders },
      payload: { title: 'Python watch', result_count: 3, filters: FILTERS, schedule: 'daily', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Order & { schedule: Schedule };
  }
  const schedules = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/schedules/', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().schedules as Schedule[];
  };
  const ordersOf = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search-queries/list/', headers });
    return (res.json() as Order[]).reverse();
  };
  const credits = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers })).json().user.credits as number;
  const act = (headers: Record<string, string>, method: 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers });

  it('places the order now and every day after, each run leaving out what was received and charged for the rest', async () => {
    expect(PERIODIC_JOBS).toContain(runSchedulesJob);
    const { headers } = await newUser();
    const start = t.clock.now().getTime();
    const first = await schedule(headers);
    expect(first).toMatchObject({ title: 'Python watch', exclude_purchased: true, status: 'pending' });
    expect(first.schedule).toMatchObject({
      cadence: 'daily',
      status: 'active',
      title: 'Python watch',
      result_count: 3,
      first_order_id: first.id,
      next_run_at: new Date(start + DAY).toISOString(),
      runs_placed: 1,
      runs_skipped: 0,
      last_run: { outcome: 'placed', order_id: first.id, message: null },
    });
    expect(await schedules(headers)).toEqual([first.schedule]);
    await fulfilAll(t.deps);

    t.clock.advance(DAY - 1000);
    await runSchedulesJob.run(t.deps);
    expect(await ordersOf(headers)).toHaveLength(1);
    t.clock.advance(1000);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 1, skipped: 0 });
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 0, skipped: 0 });
    await fulfilAll(t.deps);
    t.clock.advance(DAY);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 1, skipped: 0 });
    await fulfilAll(t.deps);

    const orders = await ordersOf(headers);
    const day = (n: number) => new Date(start + n * DAY).toISOString().slice(0, 10);
    expect(
      orders.map((o) => [o.title, o.exclude_purchased, o.status, o.records_delivered, o.credits_charged]),
    ).toEqual([
      ['Python watch', true, 'completed', 3, 3],
      [`Python watch · ${day(1)}`, true, 'completed', MATCHES - 3, MATCHES - 3],
      [`Python watch · ${day(2)}`, true, 'completed', 0, 0],
    ]);
    expect(await credits(headers)).toBe(1000 - MATCHES);
    const [listed] = await schedules(headers);
    expect(listed).toMatchObject({
      runs_placed: 3,
      next_run_at: new Date(start + 3 * DAY).toISOString(),
      last_run: { outcome: 'placed', order_id: orders[2]!.id },
    });
  });

  it('places a due run once even with two workers looking at the same moment', async () => {
    const { headers } = await newUser();
    await schedule(headers, { schedule: 'weekly' });
    t.clock.advance(DAY);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 0, skipped: 0 });
    t.clock.advance(6 * DAY);
    // PostgreSQL: a second pool, so the two claims really race; SQLite: one connection, the claims interleave.
    const other =
      TEST_DIALECT === 'postgres' ? createDatabase(t.database.url, { schema: t.database.schema }) : undefined;
    try {
      const results = await Promise.all([
        runDueSchedules(t.deps),
        runDueSchedules({ ...t.deps, db: other?.db ?? t.deps.db }),
        runDueSchedules(t.deps),
      ]);
      expect(results.reduce((sum, r) => sum + r.placed, 0)).toBe(1);
    } finally {
      await other?.close();
    }
    expect(await ordersOf(headers)).toHaveLength(2);
    expect((await schedules(headers))[0]!.runs_placed).toBe(2);
  });

  it('skips a run when credits are short and e-mails once for a row of skipped runs', async () => {
    const { session, headers } = await newUser();
    // 600 of the 1,000 credits are held by the first order until it completes: the next run cannot reserve 600.
    const made = await schedule(headers, { result_count: 600 });
    t.clock.advance(DAY);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 0, skipped: 1 });
    const mails = () => listOutbox(t.deps, session.user.email);
    const skippedMails = async () =>
      (await mails()).filter((m) => m.subject === SCHEDULE_MESSAGES.skippedSubject);
    expect(await skippedMails()).toHaveLength(1);
    const [mail] = await skippedMails();
    expect(mail!.body).toContain('"Python watch"');
    expect(mail!.body).toContain(API_MESSAGES.notEnoughCredits(600, 400));
    expect(mail!.body).toContain(`${t.deps.config.appUrl}/dashboard`);
    const [skipped] = await schedules(headers);
    expect(skipped).toMatchObject({
      status: 'active',
      runs_placed: 1,
      runs_skipped: 1,
      last_run: { outcome: 'skipped', order_id: null, message: API_MESSAGES.notEnoughCredits(600, 400) },
      next_run_at: new Date(Date.parse(made.schedule.created_at) + 2 * DAY).toISOString(),
    });
    expect(await ordersOf(headers)).toHaveLength(1);
    expect(await credits(headers)).toBe(400);

    t.clock.advance(DAY);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 0, skipped: 1 });
    expect(await skippedMails()).toHaveLength(1);
    // The first order completes (5 records): 995 credits, so the next run is placed, and a later skip mails again.
    await fulfilAll(t.deps);
    t.clock.advance(DAY);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 1, skipped: 0 });
    t.clock.advance(DAY);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 0, skipped: 1 });
    expect(await skippedMails()).toHaveLength(2);
  });

  it('places nothing while paused, and resumes on its grid without making up missed runs', async () => {
    const { headers } = await newUser();
    const made = await schedule(headers);
    const anchor = Date.parse(made.schedule.created_at);
    const paused = await act(headers, 'POST', `/api/schedules/${made.schedule.id}/pause/`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused', next_run_at: null });
    t.clock.advance(3 * DAY + 3_600_000);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 0, skipped: 0 });
    const resumed = await act(headers, 'POST', `/api/schedules/${made.schedule.id}/resume/`);
    expect(resumed.json()).toMatchObject({
      status: 'active',
      next_run_at: new Date(anchor + 4 * DAY).toISOString(),
    });
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 0, skipped: 0 });
    t.clock.set(new Date(anchor + 4 * DAY));
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 1, skipped: 0 });
    // A worker that was down for days places one run, not one per missed day.
    t.clock.set(new Date(anchor + 7 * DAY + 1000));
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 1, skipped: 0 });
    const [listed] = await schedules(headers);
    expect(listed).toMatchObject({ runs_placed: 3, next_run_at: new Date(anchor + 8 * DAY).toISOString() });
  });

  it('deletes a schedule (its orders stay), and only its owner can see or change it', async () => {
    const owner = await newUser();
    const other = await newUser();
    const made = await schedule(owner.headers);
    const id = made.schedule.id;
    for (const [method, url] of [
      ['POST', `/api/schedules/${id}/pause/`],
      ['POST', `/api/schedules/${id}/resume/`],
      ['DELETE', `/api/schedules/${id}/`],
      ['POST', '/api/schedules/nope/pause/'],
    ] as const) {
      const res = await act(other.headers, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await schedules(other.headers)).toEqual([]);
    // A cookie session needs its CSRF token.
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/api/schedules/${id}/pause/`,
      headers: { cookie: owner.session.headers.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect((await act(owner.session.headers, 'POST', `/api/schedules/${id}/pause/`)).statusCode).toBe(200);
    expect((await act(owner.session.headers, 'POST', `/api/schedules/${id}/resume/`)).statusCode).toBe(200);

    expect((await act(owner.headers, 'DELETE', `/api/schedules/${id}/`)).statusCode).toBe(204);
    expect((await act(owner.headers, 'DELETE', `/api/schedules/${id}/`)).statusCode).toBe(404);
    expect(await schedules(owner.headers)).toEqual([]);
    t.clock.advance(2 * DAY);
    expect(await runDueSchedules(t.deps)).toEqual({ placed: 0, skipped: 0 });
    expect((await ordersOf(owner.headers)).map((o) => o.id)).toEqual([made.id]);
  });

  it('refuses an unknown cadence with a message, and replays an Idempotency-Key with the same schedule', async () => {
    const { headers } = await newUser();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers,
      payload: { result_count: 3, filters: FILTERS, schedule: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ schedule: [ORDER_MESSAGES.schedule] });
    const first = await schedule(headers, {}, { 'idempotency-key': 'nightly-1' });
    const again = await schedule(headers, {}, { 'idempotency-key': 'nightly-1' });
    expect(again.id).toBe(first.id);
    expect(again.schedule.id).toBe(first.schedule.id);
    expect(await schedules(headers)).toHaveLength(1);
    // The same key on an order without a schedule is another request.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: { ...headers, 'idempotency-key': 'nightly-1' },
      payload: { title: 'Python watch', result_count: 3, filters: FILTERS },
    });
    expect(plain.statusCode).toBe(409);
  });

  it("ends with the account: a deleted account's schedules are gone", async () => {
    const { session, headers } = await newUser();
    await schedule(headers);
    await deleteAccountThroughApi(t.app, session);
    const rows = await t.deps.db
      .selectFrom('order_schedules')
      .select('id')
      .where('user_id', '=', session.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
