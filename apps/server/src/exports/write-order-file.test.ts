import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatType, SearchType } from '@threadcart/contracts';
import { COMMENT_COLUMNS, POST_COLUMNS, UNION_COLUMNS, type CommentRecord, type PostRecord } from './records.ts';
import { makeComment, makePost, parseCsv } from './test-fixtures.ts';
import { writeOrderFile } from './write-order-file.ts';

const POSTS: PostRecord[] = [
  makePost(),
  makePost({
    id: '0123',
    author: '[deleted]',
    title: '  spaced, "quoted" and, commas  ',
    selftext: '',
    score: 0,
    num_comments: 0,
    url: 'https://example.com/?a=1&b=<2>',
  }),
  makePost({
    id: 'zz9',
    title: 'Ünïcödé 日本語 العربية e\u0301 👩‍👩‍👧 🐍',
    selftext: 'multi\r\nline\nwith\ttab and a trailing newline\n',
    score: 2_147_483_647,
    created_utc: 1_262_304_000,
  }),
];

const COMMENTS: CommentRecord[] = [
  makeComment(),
  makeComment({ id: 'c2', body: 'plain', score: -12, replies: 0, created_utc: 1_600_000_000 }),
];

const SEARCH_TYPES: SearchType[] = ['posts', 'comments', 'both'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'threadcart-exports-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let fileCounter = 0;
function tempFile(format: FormatType): string {
  fileCounter += 1;
  return path.join(dir, `out-${fileCounter}.${format}.tmp`);
}

function withoutSampleFlag<T extends { is_sample: boolean }>(record: T): Omit<T, 'is_sample'> {
  const { is_sample: _ignored, ...rest } = record;
  return rest;
}

const postsFor = (searchType: SearchType) => (searchType === 'comments' ? [] : POSTS);
const commentsFor = (searchType: SearchType) => (searchType === 'posts' ? [] : COMMENTS);

async function write(format: FormatType, searchType: SearchType, posts = POSTS, comments = COMMENTS) {
  const filePath = tempFile(format);
  const result = await writeOrderFile({ format, searchType, posts, comments, filePath, title: 'My Search' });
  return { filePath, result };
}

describe('JSON files', () => {
  it.each(SEARCH_TYPES)('round-trips %s with the columns of DECISIONS §5 in order', async (searchType) => {
    const { filePath, result } = await write('json', searchType);
    const parsed = JSON.parse(await readFile(filePath, 'utf8'));
    const posts = postsFor(searchType).map(withoutSampleFlag);
    const comments = commentsFor(searchType).map(withoutSampleFlag);
    if (searchType === 'both') {
      expect(parsed).toEqual({ posts, comments });
      expect(Object.keys(parsed)).toEqual(['posts', 'comments']);
      expect(Object.keys(parsed.posts[0])).toEqual([...POST_COLUMNS]);
      expect(Object.keys(parsed.comments[0])).toEqual([...COMMENT_COLUMNS]);
    } else {
      expect(parsed).toEqual(searchType === 'posts' ? posts : comments);
      expect(Object.keys(parsed[0])).toEqual([...(searchType === 'posts' ? POST_COLUMNS : COMMENT_COLUMNS)]);
    }
    expect(result).toEqual({ records: posts.length + comments.length, bytes: (await stat(filePath)).size });
  });

  it('writes empty arrays when nothing matched', async () => {
    const { filePath, result } = await write('json', 'both', [], []);
    expect(JSON.parse(await readFile(filePath, 'utf8'))).toEqual({ posts: [], comments: [] });
    expect(result.records).toBe(0);
  });

  it('keeps formula-like texts as they are: JSON is not opened by a spreadsheet', async () => {
    const { filePath } = await write('json', 'posts', [makePost({ title: '=1+1' })]);
    expect(JSON.parse(await readFile(filePath, 'utf8'))[0].title).toBe('=1+1');
  });
});

describe('CSV files', () => {
  function expectedCsvRow(record: PostRecord | CommentRecord, columns: readonly string[]): string[] {
    return columns.map((column) => {
      const value = (record as unknown as Record<string, string | number | undefined>)[column];
      return value === undefined ? '' : String(value);
    });
  }

  it.each(SEARCH_TYPES)('round-trips %s (RFC 4180, CRLF, no BOM)', async (searchType) => {
    const { filePath, result } = await write('csv', searchType);
    const bytes = await readFile(filePath);
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const rows = parseCsv(bytes.toString('utf8'));
    if (searchType === 'both') {
      expect(rows[0]).toEqual(['type', ...UNION_COLUMNS]);
      expect(rows.slice(1)).toEqual([
        ...POSTS.map((post) => ['post', ...expectedCsvRow(post, UNION_COLUMNS)]),
        ...COMMENTS.map((comment) => ['comment', ...expectedCsvRow(comment, UNION_COLUMNS)]),
      ]);
    } else {
      const columns = searchType === 'posts' ? POST_COLUMNS : COMMENT_COLUMNS;
      const records = searchType === 'posts' ? POSTS : COMMENTS;
      expect(rows[0]).toEqual([...columns]);
      expect(rows.slice(1)).toEqual(records.map((record) => expectedCsvRow(record, columns)));
    }
    expect(result).toEqual({
      records: postsFor(searchType).length + commentsFor(searchType).length,
      bytes: bytes.length,
    });
  });

  it('lists a comment-only column empty on a post row in a both file, even if the object carries it', async () => {
    const post = { ...makePost(), body: 'not a post column', replies: 3 } as PostRecord;
    const { filePath } = await write('csv', 'both', [post], []);
    const [header, row] = parseCsv(await readFile(filePath, 'utf8'));
    expect(row![header!.indexOf('body')]).toBe('');
    expect(row![header!.indexOf('replies')]).toBe('');
  });

  it('neutralises formula triggers in text cells and leaves numbers numeric', async () => {
    const titles = ['=1+1', '+A1', '-2+3', '@SUM(A1:A2)', '\tTAB', '\rCR', 'safe = fine', "'already"];
    const posts = titles.map((title, i) => makePost({ id: `p${i}`, title, score: -5 }));
    const { filePath } = await write('csv', 'posts', posts);
    const rows = parseCsv(await readFile(filePath, 'utf8')).slice(1);
    expect(rows.map((row) => row[2])).toEqual([
      "'=1+1",
      "'+A1",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\tTAB",
      "'\rCR",
      'safe = fine',
      "'already",
    ]);
    expect(rows.map((row) => row[4])).toEqual(titles.map(() => '-5'));
    expect(await readFile(filePath, 'utf8')).toContain(',-5,');
  });
});

describe('XLSX files', () => {
  async function readWorkbook(filePath: string) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(filePath);
    return workbook;
  }

  function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  }

  function expectedXlsxRow(record: PostRecord | CommentRecord, columns: readonly string[]): unknown[] {
    return columns.flatMap((column) => {
      const raw = (record as unknown as Record<string, unknown>)[column];
      // XML has no CR: the writer turns CRLF and CR into LF, Excel's in-cell line break; '' is an empty cell.
      const value = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n') || undefined : raw;
      return column === 'created_utc' ? [value, new Date(record.created_utc * 1000)] : [value];
    });
  }

  const headerOf = (columns: readonly string[]) =>
    columns.flatMap((column) => (column === 'created_utc' ? [column, 'created'] : [column]));

  it.each(SEARCH_TYPES)('round-trips %s into Posts/Comments sheets', async (searchType) => {
    const { filePath, result } = await write('xlsx', searchType);
    const workbook = await readWorkbook(filePath);
    const expectedSheets = { posts: ['Posts'], comments: ['Comments'], both: ['Posts', 'Comments'] }[searchType];
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(expectedSheets);
    for (const sheet of workbook.worksheets) {
      const columns = sheet.name === 'Posts' ? POST_COLUMNS : COMMENT_COLUMNS;
      const records: (PostRecord | CommentRecord)[] = sheet.name === 'Posts' ? POSTS : COMMENTS;
      const rows = sheetRows(sheet);
      expect(rows[0]).toEqual(headerOf(columns));
      expect(rows.slice(1)).toEqual(records.map((record) => expectedXlsxRow(record, columns)));
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      const createdCell = sheet.getRow(2).getCell(headerOf(columns).indexOf('created') + 1);
      expect(createdCell.type).toBe(ExcelJS.ValueType.Date);
      expect(createdCell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(sheet.getRow(2).getCell(headerOf(columns).indexOf('score') + 1).type).toBe(ExcelJS.ValueType.Number);
    }
    expect(workbook.title).toBe('My Search');
    expect(workbook.description).not.toContain('sample');
    expect(result).toEqual({
      records: postsFor(searchType).length + commentsFor(searchType).length,
      bytes: (await stat(filePath)).size,
    });
  });

  it('neutralises formula triggers as text cells, never formulas, and keeps negative scores numeric', async () => {
    const bodies = ['=1+1', '+A1', '-2+3', '@SUM(A1:A2)', '\tTAB', '\rCR', 'fine'];
    const comments = bodies.map((body, i) => makeComment({ id: `c${i}`, body, score: -3 }));
    const { filePath } = await write('xlsx', 'comments', [], comments);
    const sheet = (await readWorkbook(filePath)).getWorksheet('Comments')!;
    const rows = sheetRows(sheet).slice(1);
    expect(rows.map((row) => row[2])).toEqual(["'=1+1", "'+A1", "'-2+3", "'@SUM(A1:A2)", "'\tTAB", "'\nCR", 'fine']);
    for (let r = 2; r <= bodies.length + 1; r += 1) {
      expect(sheet.getRow(r).getCell(3).type).toBe(ExcelJS.ValueType.String);
      expect(sheet.getRow(r).getCell(4).value).toBe(-3);
    }
  });

  it('removes characters XML 1.0 forbids and cuts texts longer than an Excel cell holds', async () => {
    const long = 'a'.repeat(40_000);
    const posts = [makePost({ title: 'bell\u0007 nul\u0000 esc\u001b ok', selftext: long })];
    const { filePath } = await write('xlsx', 'posts', posts);
    const row = sheetRows((await readWorkbook(filePath)).getWorksheet('Posts')!)[1]!;
    expect(row[2]).toBe('bell nul esc ok');
    expect(row[3]).toHaveLength(32_767);
    expect(String(row[3]).endsWith(' …[truncated]')).toBe(true);
  });
});

describe.each<FormatType>(['json', 'csv', 'xlsx'])('writing %s', (format) => {
  it('accepts async iterables and reports every record to onRecord, awaiting it', async () => {
    async function* slowPosts() {
      for (const post of POSTS) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield post;
      }
    }
    const seen: number[] = [];
    const filePath = tempFile(format);
    const result = await writeOrderFile({
      format,
      searchType: 'both',
      posts: slowPosts(),
      comments: COMMENTS,
      filePath,
      title: 'Async',
      onRecord: async (count) => {
        await Promise.resolve();
        seen.push(count);
      },
    });
    expect(result.records).toBe(POSTS.length + COMMENTS.length);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('removes the partial file and rethrows when the records fail midway', async () => {
    function* failingPosts() {
      yield POSTS[0]!;
      throw new Error('cursor lost');
    }
    const filePath = tempFile(format);
    await expect(
      writeOrderFile({ format, searchType: 'posts', posts: failingPosts(), comments: [], filePath, title: 't' }),
    ).rejects.toThrow('cursor lost');
    await expect(stat(filePath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('removes the partial file when onRecord throws (a lost lease stops the file)', async () => {
    const filePath = tempFile(format);
    const stop = new Error('lease lost');
    await expect(
      writeOrderFile({
        format,
        searchType: 'both',
        posts: POSTS,
        comments: COMMENTS,
        filePath,
        title: 't',
        onRecord: (count) => {
          if (count === 2) throw stop;
        },
      }),
    ).rejects.toBe(stop);
    await expect(stat(filePath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('does not open the comments input for a posts order', async () => {
    const untouchable = {
      [Symbol.iterator]: () => {
        throw new Error('comments were read');
      },
    } as Iterable<CommentRecord>;
    const filePath = tempFile(format);
    const result = await writeOrderFile({
      format,
      searchType: 'posts',
      posts: POSTS,
      comments: untouchable,
      filePath,
      title: 't',
    });
    expect(result.records).toBe(POSTS.length);
  });
});
