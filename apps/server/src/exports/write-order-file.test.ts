import path from 'node:path';
import { stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FormatType } from '@threadcart/contracts';
import type { CommentRecord } from '../corpus/records.ts';
import { COMMENTS, POSTS, useTempFiles } from '../../test/export-fixtures.ts';
import { writeOrderFile } from './write-order-file.ts';

const tempFile = useTempFiles();

describe.each<FormatType>(['json', 'csv', 'xlsx', 'ndjson', 'parquet'])('writing %s', (format) => {
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
      writeOrderFile({
        format,
        searchType: 'posts',
        posts: failingPosts(),
        comments: [],
        filePath,
        title: 't',
      }),
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

  it('closes every input it opened when it stops early, so a cursor is never left open', async () => {
    const closed: string[] = [];
    function* tracked<T>(name: string, records: T[]) {
      try {
        yield* records;
      } finally {
        closed.push(name);
      }
    }
    const filePath = tempFile(format);
    await expect(
      writeOrderFile({
        format,
        searchType: 'both',
        // Posts are an array, so the comments cursor is opened early (peeked) and must be closed unread.
        posts: POSTS,
        comments: tracked('comments', COMMENTS),
        filePath,
        title: 't',
        onRecord: () => {
          throw new Error('stop');
        },
      }),
    ).rejects.toThrow('stop');
    const peekedOnly = tempFile(format);
    await expect(
      writeOrderFile({
        format,
        searchType: 'both',
        posts: tracked('posts', POSTS),
        comments: tracked('unused', COMMENTS),
        filePath: peekedOnly,
        title: 't',
        onRecord: () => {
          throw new Error('stop');
        },
      }),
    ).rejects.toThrow('stop');
    expect(closed).toEqual(['comments', 'posts']);
  });

  it('rejects without leaving anything behind when the file cannot be created', async () => {
    const filePath = path.join(path.dirname(tempFile(format)), 'missing-dir', `x.${format}`);
    await expect(
      writeOrderFile({ format, searchType: 'both', posts: POSTS, comments: COMMENTS, filePath, title: 't' }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
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
