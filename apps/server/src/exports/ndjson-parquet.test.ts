import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FileColumns, FormatType, SearchType } from '@threadcart/contracts';
import { readParquet } from '../../test/parquet-reader.ts';
import { PARQUET_ROW_GROUP_ROWS } from './parquet-writer.ts';
import { makeComment, makePost, SEARCH_TYPES, useTempFiles } from '../../test/export-fixtures.ts';
import { COMMENTS, POSTS } from '../../test/export-fixtures.ts';
import { writeOrderFile } from './write-order-file.ts';

const tempFile = useTempFiles();

async function write(
  format: FormatType,
  searchType: SearchType,
  options: {
    posts?: typeof POSTS;
    comments?: typeof COMMENTS;
    columns?: FileColumns;
    isSample?: boolean;
  } = {},
) {
  const filePath = tempFile(format);
  const result = await writeOrderFile({
    format,
    searchType,
    posts: options.posts ?? POSTS,
    comments: options.comments ?? COMMENTS,
    filePath,
    title: 'My Search',
    ...(options.columns === undefined ? {} : { columns: options.columns }),
    ...(options.isSample === undefined ? {} : { isSample: options.isSample }),
  });
  return { filePath, result };
}

/** The JSON file's records of the same order, in file order (posts, then comments for `both`). */
async function jsonRecords(searchType: SearchType, options: Parameters<typeof write>[2] = {}) {
  const { filePath } = await write('json', searchType, options);
  const parsed = JSON.parse(await readFile(filePath, 'utf8')) as
    Record<string, unknown>[] | { posts: Record<string, unknown>[]; comments: Record<string, unknown>[] };
  if (Array.isArray(parsed))
    return { posts: searchType === 'posts' ? parsed : [], comments: searchType === 'comments' ? parsed : [] };
  return parsed;
}

const ndjsonLines = async (filePath: string) =>
  (await readFile(filePath, 'utf8'))
    .split('\n')
    .filter((line, i, all) => line !== '' || i < all.length - 1)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('NDJSON files', () => {
  it.each(SEARCH_TYPES)(
    '%s: one JSON object a line, the same records as the JSON file',
    async (searchType) => {
      const { filePath, result } = await write('ndjson', searchType);
      const text = await readFile(filePath, 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      expect(result.bytes).toBe(Buffer.byteLength(text));
      const lines = await ndjsonLines(filePath);
      const json = await jsonRecords(searchType);
      if (searchType === 'both') {
        expect(lines.map((line) => line.type)).toEqual([
          ...json.posts.map(() => 'post'),
          ...json.comments.map(() => 'comment'),
        ]);
        // Same members in the same order as the JSON records, after the leading type.
        expect(lines.map(({ type: _type, ...rest }) => JSON.stringify(rest))).toEqual(
          [...json.posts, ...json.comments].map((record) => JSON.stringify(record)),
        );
      } else {
        expect(lines.map((line) => JSON.stringify(line))).toEqual(
          [...json.posts, ...json.comments].map((record) => JSON.stringify(record)),
        );
      }
    },
  );

  it('is empty for an order with no records, and follows the chosen columns and the sample column', async () => {
    const empty = await write('ndjson', 'posts', { posts: [] });
    expect(await readFile(empty.filePath, 'utf8')).toBe('');
    const sample = await write('ndjson', 'comments', {
      comments: [makeComment({ is_sample: true })],
      columns: { posts: [], comments: ['body', 'id'], all: ['body', 'id'] },
    });
    expect(await ndjsonLines(sample.filePath)).toEqual([
      { body: COMMENTS[0]!.body, id: 'def456', is_sample: true },
    ]);
  });
});

describe('Parquet files', () => {
  it.each(SEARCH_TYPES)('%s: reads back with the same records as the JSON file', async (searchType) => {
    const { filePath, result } = await write('parquet', searchType);
    const parquet = await readParquet(filePath);
    expect(result.bytes).toBe((await readFile(filePath)).length);
    const json = await jsonRecords(searchType);
    if (searchType === 'both') {
      const nulls = (record: Record<string, unknown>, columns: string[]) =>
        Object.fromEntries(columns.map((column) => [column, record[column] ?? null]));
      const columns = Object.keys(parquet.types).slice(1);
      expect(Object.keys(parquet.types)[0]).toBe('type');
      expect(parquet.rows).toEqual([
        ...json.posts.map((post) => ({ type: 'post', ...nulls(post, columns) })),
        ...json.comments.map((comment) => ({ type: 'comment', ...nulls(comment, columns) })),
      ]);
    } else {
      expect(parquet.rows).toEqual([...json.posts, ...json.comments]);
      expect(Object.keys(parquet.types)).toEqual(Object.keys([...json.posts, ...json.comments][0]!));
    }
  });

  it('has typed columns: INT64 integers, booleans, UTC millisecond timestamps, UTF-8 strings; compressed', async () => {
    const both: FileColumns['all'] = [
      'id',
      'title',
      'score',
      'num_comments',
      'replies',
      'nsfw',
      'removed',
      'created_utc',
    ];
    const { filePath } = await write('parquet', 'both', {
      isSample: true,
      columns: { posts: both, comments: both, all: both },
    });
    const { types } = await readParquet(filePath);
    expect(types.score).toEqual({ type: 'INT64' });
    expect(types.num_comments).toEqual({ type: 'INT64' });
    expect(types.replies).toEqual({ type: 'INT64' });
    expect(types.nsfw).toEqual({ type: 'BOOLEAN' });
    expect(types.removed).toEqual({ type: 'BOOLEAN' });
    expect(types.is_sample).toEqual({ type: 'BOOLEAN' });
    expect(types.created_utc).toEqual({
      type: 'INT64',
      converted: 'TIMESTAMP_MILLIS',
      logical: 'TIMESTAMP',
      isUtc: true,
    });
    expect(types.title).toEqual({ type: 'BYTE_ARRAY', converted: 'UTF8' });
    expect(types.type).toEqual({ type: 'BYTE_ARRAY', converted: 'UTF8' });
    const bytes = await readFile(filePath);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PAR1');
    expect(bytes.subarray(-4).toString('latin1')).toBe('PAR1');
  });

  it('follows the chosen columns and the sample column, and writes an empty order as a valid file', async () => {
    const { filePath } = await write('parquet', 'posts', {
      posts: [makePost({ is_sample: true })],
      columns: { posts: ['created_utc', 'flair', 'id'], comments: [], all: ['created_utc', 'flair', 'id'] },
    });
    const parquet = await readParquet(filePath);
    expect(parquet.rows).toEqual([
      { created_utc: 1_700_000_000, flair: 'Tutorial', id: 'abc123', is_sample: true },
    ]);
    const empty = await readParquet((await write('parquet', 'comments', { comments: [] })).filePath);
    expect(empty.rows).toEqual([]);
    expect(Object.keys(empty.types)).toContain('body');
  });

  it('writes bounded row groups', async () => {
    const count = PARQUET_ROW_GROUP_ROWS * 2 + 17;
    function* many() {
      for (let i = 0; i < count; i += 1) yield makeComment({ id: `c${i}`, score: i });
    }
    const filePath = tempFile('parquet');
    const result = await writeOrderFile({
      format: 'parquet',
      searchType: 'comments',
      posts: [],
      comments: many(),
      filePath,
      title: 't',
    });
    expect(result.records).toBe(count);
    const parquet = await readParquet(filePath);
    expect(parquet.rowGroups).toEqual([PARQUET_ROW_GROUP_ROWS, PARQUET_ROW_GROUP_ROWS, 17]);
    expect(parquet.rows.at(-1)).toMatchObject({ id: `c${count - 1}`, score: count - 1 });
  });
});
