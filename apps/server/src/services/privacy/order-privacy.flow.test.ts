import type { FormatType, Order, OrderManifest } from '@threadcart/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAsAdmin, signUpAdmin } from '../../../test/admin-helpers.ts';
import { deleteAccountThroughApi, signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../../test/corpus-factories.ts';
import { downloadOrderFile, fulfilAll } from '../../../test/order-helpers.ts';
import { readParquet } from '../../../test/parquet-reader.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';

// One thread of 200 comments by 40 authors (docs/decisions/036): each comment answers an earlier one (or the post),
// names its parent's author as a u/ mention, and carries an address, a phone number and a link to scrub.
const AUTHORS = Array.from({ length: 40 }, (_, i) => `Zorblax_Person${String(i).padStart(2, '0')}`);
const POST = makePost({
  id: 'pt1',
  title: 'A long thread',
  author: 'Opener_Person',
  subreddit: 'privacythread',
});
const COMMENTS = Array.from({ length: 200 }, (_, i) => {
  const parent = i === 0 ? undefined : Math.floor((i - 1) / 2);
  const parentAuthor = parent === undefined ? 'Opener_Person' : AUTHORS[parent % 40]!;
  return makeComment({
    id: `pc${i}`,
    author: AUTHORS[i % 40]!,
    link_id: 't3_pt1',
    parent_id: parent === undefined ? 't3_pt1' : `t1_pc${parent}`,
    subreddit: 'privacythread',
    score: 200 - i,
    body: `reply ${i} to u/${i % 3 === 0 ? parentAuthor.toUpperCase() : parentAuthor}: mail me at p${i}@example.com, call +44 20 7946 ${String(1000 + i)} or see example.org/${i}`,
  });
});
const NAMES = [...AUTHORS, 'Opener_Person'];
const THREAD = { combinator: 'and', rules: [{ field: 'subreddit', operator: 'in', value: 'privacythread' }] };

describe(`pseudonymised and scrubbed orders (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;
  let admin: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUpAndSignIn(t.app);
    admin = await signUpAdmin(t);
    await grantAsAdmin(t, admin, buyer.user.id, 100_000);
    await insertCorpus(t.deps.db, { posts: [POST], comments: COMMENTS });
  });
  afterAll(() => t.close());

  async function deliver(payload: Record<string, unknown>, session = buyer) {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: session.headers,
      payload: { search_type: 'both', result_count: 201, filters: THREAD, include_context: true, ...payload },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await fulfilAll(t.deps);
    const id = (placed.json() as Order).id;
    const order = (
      await t.app.inject({ method: 'GET', url: `/api/search-queries/${id}/`, headers: session.headers })
    ).json() as Order;
    expect(order).toMatchObject({ status: 'completed', records_delivered: payload.result_count ?? 201 });
    const body = (await downloadOrderFile(t.app, session.headers, id)).body;
    const manifest = (
      await t.app.inject({
        method: 'GET',
        url: `/api/search-queries/${id}/manifest/`,
        headers: session.headers,
      })
    ).json() as OrderManifest;
    return { order, body, manifest };
  }

  /** Every text a file holds, whatever its format (XLSX: every cell and the workbook's properties). */
  async function textOf(format: FormatType, body: Buffer): Promise<string> {
    if (format === 'xlsx') {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      const cells: unknown[] = [workbook.creator, workbook.title, workbook.subject, workbook.keywords];
      workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(row.values)));
      return JSON.stringify(cells);
    }
    if (format === 'parquet') return JSON.stringify((await readParquet(body)).rows) + body.toString('latin1');
    return body.toString('utf8');
  }

  /** Comment id -> its author as the file gives it (JSON), and the pseudonyms in its thread context. */
  function authorsOf(body: Buffer) {
    const file = JSON.parse(body.toString('utf8')) as {
      posts: { author: string; top_comments: { id: string; author: string }[] }[];
      comments: {
        id: string;
        author: string;
        body: string;
        context: { parents: { id: string; author: string }[] };
      }[];
    };
    const byId = new Map<string, string>();
    for (const comment of file.comments) {
      byId.set(comment.id, comment.author);
      for (const parent of comment.context.parents) {
        expect(byId.get(parent.id) ?? parent.author).toBe(parent.author);
        byId.set(parent.id, parent.author);
      }
    }
    for (const top of file.posts[0]!.top_comments ?? []) expect(top.author).toBe(byId.get(top.id));
    return { byId, file };
  }

  it.each<[FormatType, Record<string, unknown>]>([
    ['json', { include_comments: 10 }],
    ['ndjson', { include_comments: 10 }],
    ['csv', {}],
    ['xlsx', {}],
    ['parquet', {}],
  ])('%s: no author name of the corpus anywhere in the file, texts scrubbed', async (format, extra) => {
    const { body, manifest } = await deliver({
      format_type: format,
      authors: 'pseudonymised',
      scrub: ['emails', 'phones', 'urls'],
      ...extra,
    });
    const text = await textOf(format, body);
    for (const name of NAMES) expect(text.toLowerCase()).not.toContain(name.toLowerCase());
    expect(text).not.toMatch(/@example\.com|7946|example\.org/);
    expect(text).toMatch(/user_[0-9a-f]{12}/);
    expect(manifest).toMatchObject({
      authors: 'pseudonymised',
      pseudonyms: 'per_order',
      scrub: ['emails', 'phones', 'urls'],
    });
    // Every comment's text once, and again in the thread context of each comment that answers it.
    const counts = manifest.scrub_counts!;
    expect(counts.email).toBeGreaterThanOrEqual(399);
    // The post's url column is a text too.
    expect(counts).toEqual({ email: counts.email, phone: counts.email, url: counts.email + 1, user: 0 });
    expect(manifest.removal_url).toMatch(/\/removal$/);
  });

  it('each author has one pseudonym in author, context, top comments and mentions; per order differs, per account stays', async () => {
    const first = await deliver({ format_type: 'json', authors: 'pseudonymised', include_comments: 10 });
    const { byId, file } = authorsOf(first.body);
    const pseudonymOf = new Map<string, string>();
    for (const comment of COMMENTS) {
      const pseudonym = byId.get(comment.id)!;
      expect(pseudonym).toMatch(/^user_[0-9a-f]{12}$/);
      expect(pseudonymOf.get(comment.author) ?? pseudonym).toBe(pseudonym);
      pseudonymOf.set(comment.author, pseudonym);
    }
    expect(new Set(pseudonymOf.values()).size).toBe(40);
    // A mention of the parent's author (any case) is the parent's pseudonym.
    for (const comment of file.comments.filter((c) => c.id !== 'pc0')) {
      const parentId = comment.context.parents[0]!.id;
      expect(comment.body).toContain(`u/${byId.get(parentId)}:`);
    }
    expect(file.posts[0]!.author).toMatch(/^user_[0-9a-f]{12}$/);

    const second = authorsOf((await deliver({ format_type: 'json', authors: 'pseudonymised' })).body).byId;
    expect(second.get('pc1')).not.toBe(byId.get('pc1'));

    const account = async () =>
      authorsOf(
        (await deliver({ format_type: 'json', authors: 'pseudonymised', pseudonyms: 'per_account' })).body,
      ).byId;
    const [a, b] = [await account(), await account()];
    expect(a.get('pc1')).toBe(b.get('pc1'));
    expect(a.get('pc1')).not.toBe(byId.get('pc1'));
    // Another buyer's account secret is their own.
    const other = await signUpAndSignIn(t.app);
    await grantAsAdmin(t, admin, other.user.id, 1_000);
    const theirs = await deliver(
      { format_type: 'json', authors: 'pseudonymised', pseudonyms: 'per_account' },
      other,
    );
    expect(authorsOf(theirs.body).byId.get('pc1')).not.toBe(a.get('pc1'));
    // Deleting the account deletes its key.
    const keyOf = () =>
      t.deps.db
        .selectFrom('privacy_keys')
        .select('name')
        .where('name', '=', `account:${other.user.id}`)
        .execute();
    expect(await keyOf()).toHaveLength(1);
    await deleteAccountThroughApi(t.app, other);
    expect(await keyOf()).toHaveLength(0);
    // Five orders of 201 records: a loaded machine needs more than the default 30 s.
  }, 180_000);

  it('omitted leaves authors empty, [deleted] stays, and mentions are scrubbed when asked', async () => {
    await insertCorpus(t.deps.db, {
      comments: [
        makeComment({
          id: 'pdel',
          author: '[deleted]',
          link_id: 't3_pt1',
          parent_id: 't3_pt1',
          subreddit: 'privacythread',
          body: 'gone',
        }),
      ],
    });
    const { body, manifest } = await deliver({
      format_type: 'json',
      authors: 'omitted',
      scrub: ['mentions'],
      result_count: 202,
    });
    const file = JSON.parse(body.toString('utf8')) as {
      comments: { id: string; author: string; body: string }[];
    };
    expect(file.comments.find((c) => c.id === 'pdel')!.author).toBe('[deleted]');
    expect(file.comments.filter((c) => c.id !== 'pdel').every((c) => c.author === '')).toBe(true);
    expect(file.comments.find((c) => c.id === 'pc5')!.body).toMatch(
      /^reply 5 to \[user\]: mail me at p5@example\.com/,
    );
    expect(manifest.scrub_counts).toMatchObject({ email: 0, phone: 0, url: 0 });
    expect(manifest.scrub_counts!.user).toBeGreaterThanOrEqual(200);
    await t.deps.db.deleteFrom('comments').where('id', '=', 'pdel').execute();
  });

  it('refuses unknown options with messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: { result_count: 1, filters: THREAD, authors: 'hidden', scrub: ['emails', 'emails', 'ssn'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose as_is, pseudonymised or omitted for authors.');
    expect(res.body).toContain('scrub');
  });
});
