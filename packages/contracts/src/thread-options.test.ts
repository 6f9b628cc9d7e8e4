import { describe, expect, it } from 'vitest';
import { describeCorpusChanges, RERUN_MESSAGES } from './order-rerun.ts';
import type { CorpusSnapshot } from './order-manifest.ts';
import { ORDER_MESSAGES } from './orders.ts';
import { checkThreadOptions, threadOptionsFor } from './thread-options.ts';

describe('thread options', () => {
  it('apply to comments (context) and to posts in JSON or NDJSON (top comments)', () => {
    expect(threadOptionsFor('posts', 'json')).toEqual({ includeContext: false, includeComments: true });
    expect(threadOptionsFor('posts', 'csv')).toEqual({ includeContext: false, includeComments: false });
    expect(threadOptionsFor('comments', 'ndjson')).toEqual({ includeContext: true, includeComments: false });
    expect(threadOptionsFor('both', 'parquet')).toEqual({ includeContext: true, includeComments: false });
    expect(threadOptionsFor('both', 'ndjson')).toEqual({ includeContext: true, includeComments: true });
  });

  it('refuse what does not apply, naming the option', () => {
    const order = { search_type: 'posts', format_type: 'json' } as const;
    expect(checkThreadOptions({ ...order, include_context: false, include_comments: 0 })).toEqual({});
    expect(checkThreadOptions({ ...order, include_context: true })).toEqual({
      include_context: [ORDER_MESSAGES.includeContextWithoutComments],
    });
    expect(checkThreadOptions({ ...order, search_type: 'comments', include_comments: 3 })).toEqual({
      include_comments: [ORDER_MESSAGES.includeCommentsWithoutPosts],
    });
    expect(checkThreadOptions({ ...order, format_type: 'xlsx', include_comments: 3 })).toEqual({
      include_comments: [ORDER_MESSAGES.includeCommentsFormat],
    });
  });
});

describe('describeCorpusChanges', () => {
  const slice = (records: number, at: string | null = '2026-01-01T00:00:00.000Z') => ({
    records,
    latest_retrieved_at: at,
  });
  const snapshot = (posts: number, at: string, ingests: string[]): CorpusSnapshot => ({
    posts: { real: slice(posts, at), sample: slice(0, null) },
    comments: { real: slice(10), sample: slice(0, null) },
    sources: ingests.map((finished_at) => ({ files: ['RS.zst'], is_sample: false, finished_at })),
  });

  it('is empty when nothing changed', () => {
    const same = snapshot(5, '2026-01-01T00:00:00.000Z', ['2026-01-02T00:00:00.000Z']);
    expect(describeCorpusChanges(same, same)).toEqual([]);
  });

  it('names changed counts, a newer retrieval with the same count, and ingests since', () => {
    const before = snapshot(5, '2026-01-01T00:00:00.000Z', ['2026-01-02T00:00:00.000Z']);
    expect(
      describeCorpusChanges(
        before,
        snapshot(1_500, '2026-01-01T00:00:00.000Z', ['2026-02-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z']),
      ),
    ).toEqual([RERUN_MESSAGES.records('Posts', 5, 1_500), RERUN_MESSAGES.ingests(1)]);
    expect(
      describeCorpusChanges(before, snapshot(5, '2026-03-01T00:00:00.000Z', ['2026-01-02T00:00:00.000Z'])),
    ).toEqual([RERUN_MESSAGES.newest('Posts', '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')]);
    expect(RERUN_MESSAGES.records('Posts', 5, 1_500)).toBe('Posts: 5 → 1,500 records.');
  });
});
