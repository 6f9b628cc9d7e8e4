// Shared by the exports tests only: records with awkward content, a temporary directory, the writer called the
// way the worker calls it, and an independent RFC 4180 reader.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FormatType, SearchType } from '@threadcart/contracts';
import type { CommentRecord, PostRecord } from '../src/corpus/records.ts';
import { writeOrderFile } from '../src/exports/write-order-file.ts';

export function makePost(overrides: Partial<PostRecord> = {}): PostRecord {
  return {
    id: 'abc123',
    author: 'alice',
    title: 'Learning Python, the "hard" way',
    selftext: 'Line one\nline two, with a comma',
    score: 321,
    num_comments: 12,
    created_utc: 1_700_000_000,
    subreddit: 'learnpython',
    permalink: '/r/learnpython/comments/abc123/learning_python/',
    url: 'https://www.reddit.com/r/learnpython/comments/abc123/learning_python/',
    nsfw: false,
    removed: false,
    post_kind: 'self',
    domain: 'self.learnpython',
    flair: 'Tutorial',
    retrieved_at: 1_700_000_500,
    is_sample: false,
    ...overrides,
  };
}

export function makeComment(overrides: Partial<CommentRecord> = {}): CommentRecord {
  return {
    id: 'def456',
    author: 'bob',
    body: 'Data is "everything", really.\r\nSecond line 🎉',
    score: -4,
    created_utc: 1_700_000_100,
    parent_id: 't3_abc123',
    link_id: 't3_abc123',
    subreddit: 'learnpython',
    replies: 7,
    permalink: '/r/learnpython/comments/abc123/learning_python/def456/',
    nsfw: false,
    removed: false,
    retrieved_at: 1_700_000_600,
    is_sample: false,
    ...overrides,
  };
}

/** Parses RFC 4180 text (CRLF records, quoted fields with "" escapes, CR/LF allowed inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"' && field === '') {
      i += 1;
      for (;;) {
        const quoted = text[i];
        if (quoted === undefined) throw new Error('unterminated quote');
        if (quoted === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += quoted;
        i += 1;
      }
      const next = text[i];
      if (next !== ',' && next !== '\r' && next !== undefined) throw new Error(`text after quote at ${i}`);
    } else if (char === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (char === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`bare CR at ${i}`);
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (char === '\n' || char === '"') {
      throw new Error(`unquoted ${JSON.stringify(char)} at ${i}`);
    } else {
      field += char;
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) throw new Error('last record lacks its CRLF');
  return rows;
}

export const POSTS: PostRecord[] = [
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

export const COMMENTS: CommentRecord[] = [
  makeComment(),
  makeComment({ id: 'c2', body: 'plain', score: -12, replies: 0, created_utc: 1_600_000_000 }),
];

/** The SHA-256 (hex) of a written file, as the writers report it for the manifest. */
export async function fileSha256(filePath: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(filePath))
    .digest('hex');
}

export const SEARCH_TYPES: SearchType[] = ['posts', 'comments', 'both'];
export const postsFor = (searchType: SearchType) => (searchType === 'comments' ? [] : POSTS);
export const commentsFor = (searchType: SearchType) => (searchType === 'posts' ? [] : COMMENTS);

/** A fresh temporary directory for the calling test file, removed afterwards; returns a file-path maker. */
export function useTempFiles(): (format: FormatType) => string {
  let dir = '';
  let counter = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'threadcart-exports-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return (format) => {
    counter += 1;
    return path.join(dir, `out-${counter}.${format}.tmp`);
  };
}

/** Writes one file titled "My Search" the way the worker does. */
export async function writeTestFile(
  tempFile: (format: FormatType) => string,
  format: FormatType,
  searchType: SearchType,
  posts: PostRecord[] = POSTS,
  comments: CommentRecord[] = COMMENTS,
) {
  const filePath = tempFile(format);
  const result = await writeOrderFile({ format, searchType, posts, comments, filePath, title: 'My Search' });
  return { filePath, result };
}
