import { FILE_COLUMNS } from '@threadcart/contracts';
import {
  availableColumns,
  columnsPayload,
  defaultColumnList,
  keepAvailableColumns,
} from './order-columns.ts';
import { orderOptionsPayload } from './order-options.ts';

describe('order columns', () => {
  it('lists the columns of the search type, both being the union', () => {
    expect(availableColumns('posts')).toEqual(FILE_COLUMNS.posts);
    expect(availableColumns('comments')).toEqual(FILE_COLUMNS.comments);
    const both = availableColumns('both');
    expect(both.slice(0, FILE_COLUMNS.posts.length)).toEqual(FILE_COLUMNS.posts);
    expect(both).toEqual(expect.arrayContaining(['body', 'parent_id', 'link_id', 'replies']));
    expect(new Set(both).size).toBe(both.length);
  });

  it("shows today's layout while untouched", () => {
    expect(defaultColumnList('posts')).toEqual([
      'id',
      'author',
      'title',
      'selftext',
      'score',
      'num_comments',
      'created_utc',
      'subreddit',
      'permalink',
      'url',
    ]);
    expect(defaultColumnList('comments')).toContain('body');
    expect(defaultColumnList('comments')).not.toContain('nsfw');
  });

  it('sends columns only when they differ from the default layout', () => {
    expect(columnsPayload(null, 'posts')).toBeUndefined();
    expect(columnsPayload(defaultColumnList('posts'), 'posts')).toBeUndefined();
    expect(columnsPayload(['title', 'id'], 'posts')).toEqual(['title', 'id']);
  });

  it('keeps the columns a new search type has, and falls back to the default when none is left', () => {
    expect(keepAvailableColumns(['title', 'id', 'body'], 'comments')).toEqual(['id', 'body']);
    expect(keepAvailableColumns(['title', 'url'], 'comments')).toBeNull();
    expect(keepAvailableColumns(null, 'both')).toBeNull();
  });

  it('builds the option payload: sort always, the seed with random only, columns when changed', () => {
    const base = {
      searchType: 'posts' as const,
      formatType: 'json' as const,
      sampleSeed: '',
      columns: null,
      excludePurchased: false,
      includeContext: false,
      includeComments: '',
    };
    expect(orderOptionsPayload({ ...base, sort: 'top' })).toEqual({ sort: 'top' });
    expect(orderOptionsPayload({ ...base, sort: 'random' })).toEqual({ sort: 'random' });
    expect(orderOptionsPayload({ ...base, sort: 'random', sampleSeed: ' 42 ' })).toEqual({
      sort: 'random',
      sample_seed: 42,
    });
    expect(orderOptionsPayload({ ...base, sort: 'new', sampleSeed: '42' })).toEqual({ sort: 'new' });
    expect(orderOptionsPayload({ ...base, sort: 'old', columns: ['id', 'title'] })).toEqual({
      sort: 'old',
      columns: ['id', 'title'],
    });
  });

  it('sends the delivery options only when on, thread options only where they apply', () => {
    const base = {
      searchType: 'posts' as const,
      formatType: 'json' as const,
      sort: 'top' as const,
      sampleSeed: '',
      columns: null,
      excludePurchased: false,
      includeContext: false,
      includeComments: '',
    };
    expect(orderOptionsPayload({ ...base, excludePurchased: true })).toEqual({
      sort: 'top',
      exclude_purchased: true,
    });
    // Posts take top comments (JSON, NDJSON), not thread context; comments the other way round.
    expect(orderOptionsPayload({ ...base, includeContext: true, includeComments: ' 5 ' })).toEqual({
      sort: 'top',
      include_comments: 5,
    });
    expect(orderOptionsPayload({ ...base, formatType: 'csv', includeComments: '5' })).toEqual({
      sort: 'top',
    });
    expect(orderOptionsPayload({ ...base, includeComments: '0' })).toEqual({ sort: 'top' });
    expect(
      orderOptionsPayload({ ...base, searchType: 'comments', includeContext: true, includeComments: '5' }),
    ).toEqual({ sort: 'top', include_context: true });
    expect(
      orderOptionsPayload({
        ...base,
        searchType: 'both',
        formatType: 'ndjson',
        includeContext: true,
        includeComments: '3',
      }),
    ).toEqual({ sort: 'top', include_context: true, include_comments: 3 });
  });
});
