import { stat } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { FormatType, SearchType } from '@threadcart/contracts';
import { COMMENT_COLUMNS, POST_COLUMNS, type CommentRecord, type PostRecord } from '../corpus/records.ts';
import {
  COMMENTS,
  commentsFor,
  makeComment,
  makePost,
  POSTS,
  postsFor,
  SEARCH_TYPES,
  useTempFiles,
  writeTestFile,
  fileSha256,
} from '../../test/export-fixtures.ts';
import { writeOrderFile } from './write-order-file.ts';

const tempFile = useTempFiles();
const write = (format: FormatType, searchType: SearchType, posts = POSTS, comments = COMMENTS) =>
  writeTestFile(tempFile, format, searchType, posts, comments);

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
    const expectedSheets = { posts: ['Posts'], comments: ['Comments'], both: ['Posts', 'Comments'] }[
      searchType
    ];
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
      expect(sheet.getRow(2).getCell(headerOf(columns).indexOf('score') + 1).type).toBe(
        ExcelJS.ValueType.Number,
      );
    }
    expect(workbook.title).toBe('My Search');
    expect(workbook.description).not.toContain('sample');
    expect(result).toEqual({
      records: postsFor(searchType).length + commentsFor(searchType).length,
      bytes: (await stat(filePath)).size,
      sha256: await fileSha256(filePath),
    });
  });

  it('neutralises formula triggers as text cells, never formulas, and keeps negative scores numeric', async () => {
    const bodies = ['=1+1', '+A1', '-2+3', '@SUM(A1:A2)', '\tTAB', '\rCR', 'fine'];
    const comments = bodies.map((body, i) => makeComment({ id: `c${i}`, body, score: -3 }));
    const { filePath } = await write('xlsx', 'comments', [], comments);
    const sheet = (await readWorkbook(filePath)).getWorksheet('Comments')!;
    const rows = sheetRows(sheet).slice(1);
    expect(rows.map((row) => row[2])).toEqual([
      "'=1+1",
      "'+A1",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\tTAB",
      "'\nCR",
      'fine',
    ]);
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

describe('XLSX streaming across two sheets', () => {
  function* many<T>(count: number, make: (i: number) => T) {
    for (let i = 0; i < count; i += 1) yield make(i);
  }
  const filler = 'x'.repeat(500);

  it('writes both sheets in full when each is large enough to wait on the zip', async () => {
    const filePath = tempFile('xlsx');
    const result = await writeOrderFile({
      format: 'xlsx',
      searchType: 'both',
      posts: many(8_000, (i) => makePost({ id: `p${i}`, selftext: filler })),
      comments: many(8_000, (i) => makeComment({ id: `c${i}`, body: filler })),
      filePath,
      title: 'Large',
    });
    expect(result.records).toBe(16_000);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(filePath);
    expect(workbook.getWorksheet('Posts')!.rowCount).toBe(8_001);
    expect(workbook.getWorksheet('Comments')!.rowCount).toBe(8_001);
    expect(workbook.getWorksheet('Comments')!.getRow(8_001).getCell(1).value).toBe('c7999');
  });

  it('stops cleanly when the records fail after the writer has waited on the zip', async () => {
    const filePath = tempFile('xlsx');
    function* failing() {
      yield* many(6_000, (i) => makePost({ id: `p${i}`, selftext: filler }));
      throw new Error('late failure');
    }
    await expect(
      writeOrderFile({
        format: 'xlsx',
        searchType: 'posts',
        posts: failing(),
        comments: [],
        filePath,
        title: 't',
      }),
    ).rejects.toThrow('late failure');
    await expect(stat(filePath)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
