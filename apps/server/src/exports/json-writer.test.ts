import { readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FormatType, SearchType } from '@threadcart/contracts';
import { COMMENT_COLUMNS, POST_COLUMNS } from '../corpus/records.ts';
import {
  COMMENTS,
  commentsFor,
  makePost,
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

const pick = (record: object, columns: readonly string[]) =>
  Object.fromEntries(columns.map((column) => [column, (record as Record<string, unknown>)[column]]));

describe('JSON files', () => {
  it.each(SEARCH_TYPES)('round-trips %s, columns in docs/product.md §8.2 order', async (searchType) => {
    const { filePath, result } = await write('json', searchType);
    const parsed = JSON.parse(await readFile(filePath, 'utf8'));
    // The default layout: a record's columns of docs/product.md §8.2, not the optional ones it also carries.
    const posts = postsFor(searchType).map((post) => pick(post, POST_COLUMNS));
    const comments = commentsFor(searchType).map((comment) => pick(comment, COMMENT_COLUMNS));
    if (searchType === 'both') {
      expect(parsed).toEqual({ posts, comments });
      expect(Object.keys(parsed)).toEqual(['posts', 'comments']);
      expect(Object.keys(parsed.posts[0])).toEqual([...POST_COLUMNS]);
      expect(Object.keys(parsed.comments[0])).toEqual([...COMMENT_COLUMNS]);
    } else {
      expect(parsed).toEqual(searchType === 'posts' ? posts : comments);
      expect(Object.keys(parsed[0])).toEqual([...(searchType === 'posts' ? POST_COLUMNS : COMMENT_COLUMNS)]);
    }
    expect(result).toEqual({
      records: posts.length + comments.length,
      bytes: (await stat(filePath)).size,
      sha256: await fileSha256(filePath),
    });
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
