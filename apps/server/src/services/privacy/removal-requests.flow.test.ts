import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order, OrderManifest } from '@threadcart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGet, adminPost, auditEntries, signUpAdmin } from '../../../test/admin-helpers.ts';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { downloadOrderFile, fulfilAll } from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { ingestDepsOf, ingestFiles } from '../corpus/ingest/corpus-ingest.service.ts';
import { listOutbox } from '../operations/mail.service.ts';

// A thread in subreddit privacyflow: Carol's post cp1, which Alice_Private answers (ca1); Bob answers Alice (cb2);
// Alice answers Bob (ca3); Alice also wrote a post ap1. Bob's other post bp9 is asked for by its permalink. Alice's
// texts all carry the word "marmalade" so a keyword finds them.
const SUB = 'privacyflow';
const ALICE = 'Alice_Private';
const post = (id: string, author: string, title: string) => ({
  id,
  author,
  title,
  selftext: `${title} body`,
  created_utc: 1_600_000_000,
  subreddit: SUB,
  score: 5,
  num_comments: 3,
  retrieved_on: 1_700_000_000,
});
const comment = (id: string, author: string, parent: string, body: string) => ({
  id,
  author,
  body,
  link_id: 't3_cp1',
  parent_id: parent,
  created_utc: 1_600_000_100,
  subreddit: SUB,
  score: 3,
  retrieved_on: 1_700_000_000,
});
const DUMP = [
  post('cp1', 'carol', 'A question about jam'),
  post('ap1', ALICE, 'My marmalade recipe'),
  post('bp9', 'bob', 'Bob asks to forget this'),
  comment('ca1', ALICE, 't3_cp1', 'marmalade is better'),
  comment('cb2', 'bob', 't1_ca1', 'I disagree with you'),
  comment('ca3', ALICE, 't1_cb2', 'marmalade forever'),
  comment('cc4', 'carol', 't3_cp1', 'thanks all'),
];
const EVERYTHING = { combinator: 'and', rules: [{ field: 'subreddit', operator: 'in', value: SUB }] };
const MARMALADE = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'marmalade' }],
};

describe(`removal requests, end to end (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;
  let admin: TestSession;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-removal-'));
  const dump = path.join(dir, 'RC_and_RS.ndjson');

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUpAndSignIn(t.app);
    admin = await signUpAdmin(t);
    fs.writeFileSync(dump, DUMP.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const summary = await ingestFiles(ingestDepsOf(t.deps), [dump]);
    expect(summary.inserted).toBe(DUMP.length);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post_ = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const preview = async (filters: object, searchType = 'both') => {
    const res = await post_(
      '/api/search-queries/preview/',
      { search_type: searchType, result_count: 100, filters },
      buyer.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { matches: number; sample: Record<string, unknown>[] };
  };
  const suggest = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/corpus/suggest/?field=author&q=${encodeURIComponent(q)}`,
      headers: buyer.headers,
    });
    return (res.json() as { suggestions: { name: string }[] }).suggestions.map((s) => s.name);
  };
  const corpusCounts = async () => {
    const res = await adminGet(t, admin, '/api/admin/corpus/');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      posts: number;
      comments: number;
      by_subreddit: { key: string; posts: number; comments: number }[];
    };
    return { posts: body.posts, comments: body.comments, sub: body.by_subreddit.find((r) => r.key === SUB) };
  };
  /** Requests, confirms through the mailed link, and returns the request's id in the console's queue. */
  async function requestAndConfirm(payload: object, email: string): Promise<string> {
    const created = await post_('/api/removal-requests/', {
      email,
      statement: 'Please remove me.',
      ...payload,
    });
    expect(created.statusCode, created.body).toBe(202);
    const mail = (await listOutbox(t.deps, email)).at(-1)!;
    const token = /\/removal\/confirm\?token=([^\s]+)/.exec(mail.body)![1]!;
    const before = await adminGet(t, admin, '/api/admin/removal-requests/');
    expect((before.json() as { items: unknown[] }).items).toHaveLength(0);
    const confirmed = await post_('/api/removal-requests/confirm/', { token: decodeURIComponent(token) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const again = await post_('/api/removal-requests/confirm/', { token: decodeURIComponent(token) });
    expect(again.statusCode).toBe(400);
    const queue = (await adminGet(t, admin, '/api/admin/removal-requests/')).json() as {
      items: { id: string; targets: string[]; email: string }[];
    };
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]!.email).toBe(email);
    return queue.items[0]!.id;
  }

  it('an approved username request erases the author everywhere and keeps them out of the next ingest', async () => {
    // Before: Alice is found everywhere.
    expect((await preview(MARMALADE)).matches).toBe(3);
    expect(await suggest('alice')).toEqual([ALICE]);
    const before = await corpusCounts();
    expect(before).toMatchObject({ posts: 3, comments: 4 });

    const id = await requestAndConfirm({ usernames: [`u/${ALICE}`] }, 'alice@example.com');
    const queue = (await adminGet(t, admin, '/api/admin/removal-requests/')).json() as {
      items: { targets: string[]; statement: string }[];
    };
    expect(queue.items[0]).toMatchObject({ targets: [ALICE], statement: 'Please remove me.' });
    // Anyone but an administrator is refused.
    expect((await adminPost(t, buyer, `/api/admin/removal-requests/${id}/approve/`, {})).statusCode).toBe(
      403,
    );
    const approved = await adminPost(t, admin, `/api/admin/removal-requests/${id}/approve/`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', records_erased: 3, targets: [] });
    expect((await adminPost(t, admin, `/api/admin/removal-requests/${id}/approve/`, {})).statusCode).toBe(
      409,
    );

    // The dry run, the aggregation and coverage counts, the suggestions.
    expect((await preview(MARMALADE)).matches).toBe(0);
    expect(
      (await preview({ combinator: 'and', rules: [{ field: 'author', operator: 'in', value: ALICE }] }))
        .matches,
    ).toBe(0);
    expect(JSON.stringify((await preview(EVERYTHING)).sample)).not.toMatch(/alice|marmalade/i);
    expect(await corpusCounts()).toMatchObject({ posts: 2, comments: 2, sub: { posts: 2, comments: 2 } });
    expect(await suggest('alice')).toEqual([]);

    // An order's file, with the thread context of Bob's comment (which answered Alice).
    const placed = await post_(
      '/api/search-queries/create/',
      {
        search_type: 'both',
        format_type: 'json',
        result_count: 50,
        filters: EVERYTHING,
        include_context: true,
      },
      buyer.headers,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    await fulfilAll(t.deps);
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/search-queries/${placed.json().id}/`,
        headers: buyer.headers,
      })
    ).json() as Order;
    expect(order).toMatchObject({ status: 'completed', records_delivered: 4 });
    const file = (await downloadOrderFile(t.app, buyer.headers, order.id)).body.toString('utf8');
    expect(file).not.toMatch(/alice|marmalade/i);
    const bob = (
      JSON.parse(file) as { comments: { id: string; context: { parents: unknown[] } }[] }
    ).comments.find((c) => c.id === 'cb2')!;
    expect(bob.context).toMatchObject({ parents: [], parents_complete: false, next_parent_id: 't1_ca1' });
    const manifest = (
      await t.app.inject({
        method: 'GET',
        url: `/api/search-queries/${order.id}/manifest/`,
        headers: buyer.headers,
      })
    ).json() as OrderManifest;
    expect(manifest.corpus_snapshot?.suppressed).toEqual({ records_erased: 3, records: 0, authors: 1 });
    expect(manifest.removal_url).toMatch(/\/removal$/);

    // The same dump again: Alice's three records are skipped and reported.
    const summary = await ingestFiles(ingestDepsOf(t.deps), [dump]);
    expect(summary.skipped).toEqual({ removed_on_request: 3 });
    expect(summary.firstSkippedLines.removed_on_request).toHaveLength(3);
    expect((await preview(MARMALADE)).matches).toBe(0);
    expect(await corpusCounts()).toMatchObject({ posts: 2, comments: 2 });
    expect(await suggest('alice')).toEqual([]);

    // Nothing readable is kept: the suppression row holds a keyed hash and the request's id; the request no names.
    const rows = await t.deps.db.selectFrom('corpus_suppressions').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ kind: 'author', request_id: id })]);
    expect(rows[0]!.value).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(await t.deps.db.selectFrom('removal_requests').selectAll().execute());
    expect(stored).not.toMatch(/alice_private/i);
    expect(JSON.stringify(await t.deps.db.selectFrom('corpus_names').selectAll().execute())).not.toMatch(
      /alice/i,
    );

    // Audited, and the requester was told.
    expect((await auditEntries(t, admin)).find((e) => e.target_id === id)).toMatchObject({
      action: 'removal.approve',
    });
    expect((await listOutbox(t.deps, 'alice@example.com')).at(-1)!.subject).toMatch(/approved/);
    // Many steps (an order, two ingests): a loaded machine needs more than the default 30 s.
  }, 180_000);

  it('a request by permalink erases that record; a rejected one erases nothing and tells the requester why', async () => {
    const rejectedId = await requestAndConfirm({ ids: ['t3_cp1'] }, 'carol@example.com');
    expect(
      (await adminPost(t, admin, `/api/admin/removal-requests/${rejectedId}/reject/`, {})).statusCode,
    ).toBe(400);
    const rejected = await adminPost(t, admin, `/api/admin/removal-requests/${rejectedId}/reject/`, {
      reason: 'The address does not belong to the author.',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', targets: [], records_erased: null });
    expect((await listOutbox(t.deps, 'carol@example.com')).at(-1)!.body).toContain(
      'The address does not belong to the author.',
    );
    expect((await auditEntries(t, admin)).find((e) => e.target_id === rejectedId)).toMatchObject({
      action: 'removal.reject',
      reason: 'The address does not belong to the author.',
    });

    const id = await requestAndConfirm(
      { ids: [`https://www.reddit.com/r/${SUB}/comments/bp9/bob_asks_to_forget_this/`] },
      'bob@example.com',
    );
    const approved = await adminPost(t, admin, `/api/admin/removal-requests/${id}/approve/`, {
      reason: 'ok',
    });
    expect(approved.json()).toMatchObject({ records_erased: 1 });
    expect((await preview(EVERYTHING)).matches).toBe(3);
    const summary = await ingestFiles(ingestDepsOf(t.deps), [dump]);
    expect(summary.skipped).toEqual({ removed_on_request: 4 });
    expect((await preview(EVERYTHING)).matches).toBe(3);
    const rows = await t.deps.db
      .selectFrom('corpus_suppressions')
      .select(['kind', 'value'])
      .where('request_id', '=', id)
      .execute();
    expect(rows).toEqual([{ kind: 'post', value: 'bp9' }]);
  });

  it('refuses bad requests with messages by field, and an unknown or used token', async () => {
    const bad = await post_('/api/removal-requests/', {
      email: 'x@example.com',
      statement: 'x',
      ids: ['not a link'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('is neither a Reddit permalink nor a post or comment id');
    const none = await post_('/api/removal-requests/', { email: 'x@example.com', statement: 'x' });
    expect(none.statusCode).toBe(400);
    const both = await post_('/api/removal-requests/', {
      email: 'x@example.com',
      statement: 'x',
      usernames: ['a'],
      ids: ['t3_a'],
    });
    expect(both.statusCode).toBe(400);
    const email = await post_('/api/removal-requests/', { email: 'nope', statement: 'x', usernames: ['a'] });
    expect(email.statusCode).toBe(400);
    const tooMany = await post_('/api/removal-requests/', {
      email: 'x@example.com',
      statement: 'x',
      ids: Array.from({ length: 101 }, (_, i) => `t1_a${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await post_('/api/removal-requests/confirm/', { token: 'unknown' })).statusCode).toBe(400);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.paths['/api/removal-requests/']?.post?.security).toEqual([]);
    expect(doc.paths['/api/removal-requests/confirm/']?.post).toBeDefined();
    expect(doc.paths['/api/admin/removal-requests/']?.get).toBeDefined();
    expect(doc.paths['/api/admin/removal-requests/{id}/approve/']?.post).toBeDefined();
    expect(doc.paths['/api/admin/removal-requests/{id}/reject/']?.post).toBeDefined();
  });

  it('limits the requests of one e-mail address', async () => {
    const send = () =>
      post_('/api/removal-requests/', { email: 'many@example.com', statement: 'x', usernames: ['someone'] });
    for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(202);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
  });
});
