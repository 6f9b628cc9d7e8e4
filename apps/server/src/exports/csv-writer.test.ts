import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FormatType, SearchType } from '@threadcart/contracts';
import {
  COMMENT_COLUMNS,
  POST_COLUMNS,
  UNION_COLUMNS,
  type CommentRecord,
  type PostRecord,
} from '../corpus/records.ts';
import {
  COMMENTS,
  commentsFor,
  makePost,
  parseCsv,
  POSTS,
  postsFor,
  SEARCH_TYPES,
  useTempFiles,
  writeTestFile,
  fileSha256,
} from '../../test/export-fixtures.ts';

const tempFile = useTempFiles();
const write = (format: FormatType, searchType: SearchType, posts = POSTS, comments = COMMENTS) =>
  writeTestFile(tempFile, format, searchType, posts, comments);

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
      sha256: await fileSha256(filePath),
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
