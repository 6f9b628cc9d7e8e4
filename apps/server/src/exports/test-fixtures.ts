// Shared by the exports tests only: record factories and an independent RFC 4180 reader.
import type { CommentRecord, PostRecord } from './records.ts';

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
