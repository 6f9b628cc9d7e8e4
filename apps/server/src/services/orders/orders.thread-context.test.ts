import { defaultColumns, ORDER_MESSAGES, type FormatType, type Order } from '@threadcart/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../../test/corpus-factories.ts';
import { downloadOrderFile, fulfilAll, parseCsv, unneutralise } from '../../../test/order-helpers.ts';
import { readParquet } from '../../../test/parquet-reader.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { CONTEXT_MAX_DEPTH } from './thread-context.service.ts';

// A thread: post tp1; c1 answers it, c2 answers c1, c3 answers c2; c4 answers a comment the corpus lacks; c5 belongs
// to a post the corpus lacks; d0 … d24 is a chain deeper than the bound. The orders pick c1, c3, c4, c5 and d24
// (their bodies say "pick").
const post = (id: string, title: string) => makePost({ id, title, score: 10 });
const comment = (id: string, parent: string, body: string, extra: Parameters<typeof makeComment>[0] = {}) =>
  makeComment({
    id,
    parent_id: parent,
    link_id: 't3_tp1',
    body,
    author: `author_${id}`,
    ...extra,
  });
const DEEP = Array.from({ length: 25 }, (_, i) =>
  comment(`d${i}`, i === 0 ? 't3_tp1' : `t1_d${i - 1}`, i === 24 ? 'pick deep' : `deep ${i}`, { score: i }),
);
const COMMENTS = [
  comment('c1', 't3_tp1', 'pick root', { score: 50 }),
  comment('c2', 't1_c1', '=SUM(A1) middle', { score: 40 }),
  comment('c3', 't1_c2', 'pick leaf', { score: 30 }),
  comment('c4', 't1_gone', 'pick orphan', { score: 20 }),
  comment('c5', 't3_nopost', 'pick elsewhere', { score: 10, link_id: 't3_nopost' }),
  comment('cr', 't3_tp1', 'removed high', { score: 999, is_removed: 1 }),
  ...DEEP,
];
const PICK = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'pick' }],
};
const THREADS = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'thread' }],
};
const TITLE = 'Thread about =pythons';

/** The context each picked comment must carry (JSON and NDJSON), by id. */
const EXPECTED_CONTEXT = {
  c1: { post: { id: 'tp1', title: TITLE }, parents: [], parents_complete: true, next_parent_id: null },
  c3: {
    post: { id: 'tp1', title: TITLE },
    parents: [
      { id: 'c2', author: 'author_c2', body: '=SUM(A1) middle' },
      { id: 'c1', author: 'author_c1', body: 'pick root' },
    ],
    parents_complete: true,
    next_parent_id: null,
  },
  c4: { post: { id: 'tp1', title: TITLE }, parents: [], parents_complete: false, next_parent_id: 't1_gone' },
  c5: { post: { id: 'nopost', title: null }, parents: [], parents_complete: true, next_parent_id: null },
  d24: {
    post: { id: 'tp1', title: TITLE },
    parents: Array.from({ length: CONTEXT_MAX_DEPTH }, (_, i) => ({
      id: `d${23 - i}`,
      author: `author_d${23 - i}`,
      body: `deep ${23 - i}`,
    })),
    parents_complete: false,
    next_parent_id: `t1_d${23 - CONTEXT_MAX_DEPTH}`,
  },
} as const;
/** The tabular columns of each picked comment: its post's title and its parent comment's body. */
const EXPECTED_COLUMNS: Record<string, { post_title: string | null; parent_body: string | null }> = {
  c1: { post_title: TITLE, parent_body: null },
  c3: { post_title: TITLE, parent_body: '=SUM(A1) middle' },
  c4: { post_title: TITLE, parent_body: null },
  c5: { post_title: null, parent_body: null },
  d24: { post_title: TITLE, parent_body: 'deep 23' },
};

describe(`thread context and top comments (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUpAndSignIn(t.app);
    await insertCorpus(t.deps.db, {
      posts: [post('tp1', TITLE), post('tp2', 'Thread nobody answered')],
      comments: COMMENTS,
    });
  });
  afterAll(() => t.close());

  const place = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: { result_count: 20, ...payload },
    });

  async function deliver(payload: Record<string, unknown>) {
    const placed = await place(payload);
    expect(placed.statusCode, placed.body).toBe(201);
    await fulfilAll(t.deps);
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/search-queries/${placed.json().id}/`,
        headers: buyer.headers,
      })
    ).json() as Order;
    expect(order.status).toBe('completed');
    return { order, body: (await downloadOrderFile(t.app, buyer.headers, order.id)).body };
  }

  it.each<FormatType>(['json', 'ndjson'])(
    '%s: each comment nests its post and its parent chain; credits count the comments only',
    async (format) => {
      const { order, body } = await deliver({
        search_type: 'comments',
        format_type: format,
        filters: PICK,
        include_context: true,
      });
      expect(order).toMatchObject({ include_context: true, records_delivered: 5, credits_charged: 5 });
      const records = readJsonRecords(format, body);
      expect(Object.fromEntries(records.map((r) => [r.id, r.context]))).toEqual(EXPECTED_CONTEXT);
      // The default columns come first, as without the option; the context after them.
      expect(Object.keys(records[0]!)).toEqual([...defaultColumns('comments'), 'context']);
    },
  );

  it.each<FormatType>(['csv', 'xlsx', 'parquet'])(
    '%s: comments gain post_title and parent_body columns after the chosen ones',
    async (format) => {
      const { body } = await deliver({
        search_type: 'comments',
        format_type: format,
        filters: PICK,
        include_context: true,
        columns: ['id', 'body'],
      });
      const rows = await readTable(format, body);
      expect(rows.header).toEqual(['id', 'body', 'post_title', 'parent_body']);
      expect(
        Object.fromEntries(
          rows.records.map((r) => [r.id, { post_title: r.post_title, parent_body: r.parent_body }]),
        ),
      ).toEqual(EXPECTED_COLUMNS);
    },
  );

  it('both: the comments carry context, the posts of a CSV leave its cells empty', async () => {
    const filters = { combinator: 'or', rules: [...PICK.rules, ...THREADS.rules] };
    const { order, body } = await deliver({
      search_type: 'both',
      format_type: 'csv',
      filters,
      include_context: true,
      result_count: 7,
    });
    expect(order.records_delivered).toBe(7);
    const rows = await readTable('csv', body);
    expect(rows.header.slice(-2)).toEqual(['post_title', 'parent_body']);
    const posts = rows.records.filter((r) => r.type === 'post');
    expect(posts.map((p) => p.id).sort()).toEqual(['tp1', 'tp2']);
    for (const p of posts) expect([p.post_title, p.parent_body]).toEqual([null, null]);
    const comments = rows.records.filter((r) => r.type === 'comment');
    expect(comments).toHaveLength(5);
    for (const c of comments)
      expect({ post_title: c.post_title, parent_body: c.parent_body }).toEqual(
        EXPECTED_COLUMNS[String(c.id)],
      );
  });

  it.each<FormatType>(['json', 'ndjson'])(
    '%s: each post nests its top live comments by score; credits count the posts only',
    async (format) => {
      const { order, body } = await deliver({
        search_type: 'posts',
        format_type: format,
        filters: THREADS,
        include_comments: 3,
      });
      expect(order).toMatchObject({ include_comments: 3, records_delivered: 2, credits_charged: 2 });
      const posts = readJsonRecords(format, body) as { id: string; top_comments: { id: string }[] }[];
      const byId = Object.fromEntries(posts.map((p) => [p.id, p.top_comments]));
      // The removed comment (score 999) is left out.
      expect(byId.tp1).toEqual(
        ['c1', 'c2', 'c3'].map((id) => {
          const c = COMMENTS.find((x) => x.id === id)!;
          const { author, body: text, score, created_utc, parent_id } = c;
          return { id, author, body: text, score, created_utc, parent_id };
        }),
      );
      expect(byId.tp2).toEqual([]);
    },
  );

  it('both, ndjson: the posts nest their top comments, the comments their context', async () => {
    const filters = { combinator: 'or', rules: [...PICK.rules, ...THREADS.rules] };
    const { body } = await deliver({
      search_type: 'both',
      format_type: 'ndjson',
      filters,
      include_context: true,
      include_comments: 1,
      result_count: 7,
    });
    const lines = readJsonRecords('ndjson', body);
    const posts = lines.filter((line) => line.type === 'post');
    const comments = lines.filter((line) => line.type === 'comment');
    expect(
      Object.fromEntries(posts.map((p) => [p.id, (p.top_comments as { id: string }[]).map((c) => c.id)])),
    ).toEqual({
      tp1: ['c1'],
      tp2: [],
    });
    expect(Object.fromEntries(comments.map((c) => [c.id, c.context]))).toEqual(EXPECTED_CONTEXT);
    for (const post of posts) expect(post).not.toHaveProperty('context');
    for (const comment of comments) expect(comment).not.toHaveProperty('top_comments');
  });

  it('leaves every file exactly as before when the options are off', async () => {
    const { body } = await deliver({ search_type: 'comments', format_type: 'json', filters: PICK });
    const records = JSON.parse(body.toString('utf8')) as Record<string, unknown>[];
    expect(records.every((r) => !('context' in r))).toBe(true);
    const csv = await deliver({ search_type: 'comments', format_type: 'csv', filters: PICK });
    expect((await readTable('csv', csv.body)).header).not.toContain('post_title');
  });

  it('refuses options that do not fit the order, naming the option', async () => {
    const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { search_type: 'posts', include_context: true },
        { include_context: [ORDER_MESSAGES.includeContextWithoutComments] },
      ],
      [
        { search_type: 'comments', include_comments: 5 },
        { include_comments: [ORDER_MESSAGES.includeCommentsWithoutPosts] },
      ],
      [
        { search_type: 'posts', format_type: 'csv', include_comments: 5 },
        { include_comments: [ORDER_MESSAGES.includeCommentsFormat] },
      ],
      [
        { search_type: 'both', format_type: 'parquet', include_comments: 1 },
        { include_comments: [ORDER_MESSAGES.includeCommentsFormat] },
      ],
      [{ include_comments: 51 }, { include_comments: [ORDER_MESSAGES.includeComments] }],
      [{ include_comments: 2.5 }, { include_comments: [ORDER_MESSAGES.includeComments] }],
      [{ include_context: 'yes' }, { include_context: [ORDER_MESSAGES.includeContext] }],
    ];
    for (const [payload, errors] of refusals) {
      const res = await place({ filters: PICK, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject(errors);
    }
  });
});

/** The records of a JSON array or an NDJSON file. */
function readJsonRecords(format: FormatType, body: Buffer): Record<string, unknown>[] {
  const text = body.toString('utf8');
  return (
    format === 'json'
      ? JSON.parse(text)
      : text
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line))
  ) as Record<string, unknown>[];
}

/** A tabular file's header and records, cells as a reader sees them (empty and missing cells as null). */
async function readTable(format: FormatType, body: Buffer) {
  let table: unknown[][];
  if (format === 'csv') {
    table = parseCsv(body.toString('utf8')).map((row) =>
      row.map((cell) => (cell === '' ? null : unneutralise(cell))),
    );
  } else if (format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Comments')!;
    table = [];
    sheet.eachRow((row) => {
      const cells: unknown[] = [];
      for (let c = 1; c <= sheet.columnCount; c += 1) {
        const value = row.getCell(c).value;
        cells.push(typeof value === 'string' ? unneutralise(value) : (value ?? null));
      }
      table.push(cells);
    });
  } else {
    const { rows } = await readParquet(body);
    table = [Object.keys(rows[0]!), ...rows.map((row) => Object.values(row))];
  }
  const [header, ...rest] = table as [string[], ...unknown[][]];
  return {
    header,
    records: rest.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? null]))),
  };
}
