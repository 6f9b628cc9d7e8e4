import { FILE_COLUMNS, ORDER_MESSAGES, type FormatType, type Order } from '@threadcart/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertCorpus } from '../../../test/corpus-factories.ts';
import {
  downloadOrderFile,
  FORMATS,
  fulfilAll,
  makeOrdersCorpus,
  parseOrderFile,
} from '../../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { evaluateSearch } from '../../corpus/reference/evaluate.ts';
import { parseFilterTreeWithRe2 } from '../../corpus/filters/parse-filter-tree.ts';

const FILTERS = {
  combinator: 'and',
  rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
};
const corpus = makeOrdersCorpus({ posts: 120, comments: 160, prefix: 'x' });

describe(`order options: sort, sample seed and columns (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await signUpAndSignIn(t.app);
    await insertCorpus(t.deps.db, corpus);
  });
  afterAll(() => t.close());

  async function place(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: { ...buyer.headers, ...headers },
      payload: { search_type: 'both', result_count: 12, filters: FILTERS, ...payload },
    });
  }

  async function deliver(payload: Record<string, unknown>) {
    const res = await place(payload);
    expect(res.statusCode, res.body).toBe(201);
    await fulfilAll(t.deps);
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/search-queries/${(res.json() as Order).id}/`,
        headers: buyer.headers,
      })
    ).json() as Order;
    expect(order.status).toBe('completed');
    const file = await downloadOrderFile(t.app, buyer.headers, order.id);
    const format = (payload.format_type as FormatType | undefined) ?? 'json';
    return { order, body: file.body, parsed: await parseOrderFile(format, order.search_type, file.body) };
  }

  const ids = (parsed: { posts: { id?: unknown }[]; comments: { id?: unknown }[] }) => [
    ...parsed.posts.map((p) => p.id),
    ...parsed.comments.map((c) => c.id),
  ];

  it('delivers the same random sample for the same seed, a different one for another, as the reference does', async () => {
    const first = await deliver({ sort: 'random', sample_seed: 7, title: 'Sample' });
    const again = await deliver({ sort: 'random', sample_seed: 7, title: 'Sample' });
    const other = await deliver({ sort: 'random', sample_seed: 8, title: 'Sample' });
    expect(first.order).toMatchObject({ sort: 'random', sample_seed: 7, file_name: 'Sample (seed 7).json' });
    expect(ids(again.parsed)).toEqual(ids(first.parsed));
    expect(ids(other.parsed)).not.toEqual(ids(first.parsed));
    const expected = evaluateSearch(corpus, {
      filters: parseFilterTreeWithRe2(FILTERS),
      searchType: 'both',
      resultCount: 12,
      sort: 'random',
      sampleSeed: 7,
    });
    expect(ids(first.parsed)).toEqual([...expected.posts, ...expected.comments].map((r) => r.id));
  });

  it('picks and stores a seed when a random order gives none, and a retry keeps it', async () => {
    const headers = { 'idempotency-key': 'random-no-seed' };
    const res = await place({ sort: 'random' }, headers);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(Number.isInteger(order.sample_seed)).toBe(true);
    const retry = await place({ sort: 'random' }, headers);
    expect((retry.json() as Order).id).toBe(order.id);
    expect((retry.json() as Order).sample_seed).toBe(order.sample_seed);
    await fulfilAll(t.deps);
  });

  it('sorts newest first', async () => {
    const { order, parsed } = await deliver({ sort: 'new', search_type: 'posts' });
    expect(order).toMatchObject({ sort: 'new', sample_seed: null, columns: null });
    const times = parsed.posts.map((p) => Number(p.created_utc));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each(FORMATS)(
    '%s files carry the chosen columns in the chosen order, formulas neutralised',
    async (format) => {
      const columns = ['author', 'title', 'nsfw', 'post_kind', 'body', 'id', 'link_id'];
      const { order, parsed, body } = await deliver({ format_type: format, columns });
      expect(order.columns).toEqual(columns);
      const posts = ['author', 'title', 'nsfw', 'post_kind', 'id'];
      const comments = ['author', 'nsfw', 'body', 'id', 'link_id'];
      if (format === 'csv') {
        // One sheet for both: the chosen order, a record's cells of the other type left empty.
        expect(parsed.columns.csv).toEqual(['type', ...columns]);
      } else {
        expect(parsed.columns.posts).toEqual(posts);
        expect(parsed.columns.comments).toEqual(comments);
      }
      expect(parsed.posts.length + parsed.comments.length).toBe(12);
      // The corpus has authors "=eq" and "-dash": the spreadsheet formats keep them from running as formulas.
      const authors = [...parsed.posts, ...parsed.comments].map((r) => String(r.author));
      expect(authors.some((a) => a === '=eq' || a === '-dash')).toBe(true);
      if (format === 'csv') {
        const text = body.toString('utf8');
        // Every text is quoted (issue 28 item 6).
        expect(text).toMatch(/(^|,)"'(=eq|-dash)",/m);
        expect(text).not.toMatch(/(^|,)"?(=eq|-dash)"?,/m);
      }
      if (format === 'xlsx') {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(body as unknown as ArrayBuffer);
        const cells: unknown[] = [];
        workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.value))));
        expect(cells).toContain("'=eq");
        expect(cells).not.toContain('=eq');
        expect(cells.some((value) => typeof value === 'object' && value !== null && 'formula' in value)).toBe(
          false,
        );
      }
    },
  );

  it.each([
    [{ columns: [] }, 'columns', ORDER_MESSAGES.columnsEmpty],
    [
      { search_type: 'posts', columns: ['id', 'body'] },
      'columns',
      ORDER_MESSAGES.columnUnknown('body', 'posts'),
    ],
    [{ columns: ['id', 'colour'] }, 'columns', ORDER_MESSAGES.columnUnknown('colour', 'both')],
    [{ columns: ['id', 'title', 'id'] }, 'columns', ORDER_MESSAGES.columnRepeated('id')],
    [{ columns: ['title'] }, 'columns', ORDER_MESSAGES.columnsNoneFor('comments')],
    [{ sort: 'top', sample_seed: 3 }, 'sample_seed', ORDER_MESSAGES.sampleSeedWithoutRandom],
    [{ sort: 'random', sample_seed: -1 }, 'sample_seed', ORDER_MESSAGES.sampleSeed],
    [{ sort: 'shuffled' }, 'sort', ORDER_MESSAGES.sort],
  ])('refuses %j with a 400 that says why', async (payload, field, message) => {
    const res = await place(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ [field]: [message] });
  });

  it('offers every column a record type has', () => {
    expect(FILE_COLUMNS.posts).toContain('flair');
    expect(FILE_COLUMNS.comments).toContain('link_id');
  });
});
