import { describe, expect, it } from 'vitest';
import { NormaliseError, normaliseComment, normalisePost, normaliseRecord } from './normalise.ts';
import { toSearchText } from './tokenize.ts';

const post = { id: 'abc', title: 'T', selftext: '', created_utc: 1_500_000_000, subreddit: 'pics', score: 5 };
const comment = { id: 'c1', body: 'b', link_id: 't3_abc', parent_id: 't3_abc', created_utc: 1_500_000_000 };

describe('normalisePost', () => {
  it('takes created_utc as an integer, a numeric string or a float', () => {
    expect(normalisePost({ ...post, created_utc: 1_409_529_600 }).created_utc).toBe(1_409_529_600);
    expect(normalisePost({ ...post, created_utc: '1409529601' }).created_utc).toBe(1_409_529_601);
    expect(normalisePost({ ...post, created_utc: 1_706_745_600.0 }).created_utc).toBe(1_706_745_600);
    expect(normalisePost({ ...post, created_utc: 1_706_745_600.7 }).created_utc).toBe(1_706_745_600);
    expect(() => normalisePost({ ...post, created_utc: 'soon' })).toThrow(NormaliseError);
    expect(normaliseRecord({ ...post, created_utc: undefined })).toEqual({
      kind: 'skip',
      reason: 'invalid_created_utc',
    });
  });

  it('falls back from a null score to ups, then 0; keeps negative num_comments', () => {
    expect(normalisePost({ ...post, score: null, ups: 17 }).score).toBe(17);
    expect(normalisePost({ ...post, score: null }).score).toBe(0);
    expect(normalisePost({ ...post, score: '12' }).score).toBe(12);
    expect(normalisePost({ ...post, num_comments: -61 }).num_comments).toBe(-61);
    expect(normalisePost({ ...post, num_comments: undefined }).num_comments).toBe(0);
  });

  it('unescapes only &amp; &lt; &gt;, in one pass, and strips NUL characters', () => {
    const row = normalisePost({
      ...post,
      title: 'NUMBERS &amp; WEB SITES &lt;3',
      selftext: 'a&amp;#x200B;b &amp;lt; c &gt; d\u0000e',
      url: 'http://x.com/?a=1&amp;b=2',
    });
    expect(row.title).toBe('NUMBERS & WEB SITES <3');
    expect(row.selftext).toBe('a&#x200B;b &lt; c > de');
    expect(row.url).toBe('http://x.com/?a=1&b=2');
    expect(row.search_text).toBe(toSearchText(row.title, row.selftext));
  });

  it('derives a missing subreddit from the permalink, and ids from fullnames', () => {
    const row = normalisePost({
      ...post,
      id: undefined,
      name: 't3_2F4I98',
      subreddit: undefined,
      permalink: 'http://www.reddit.com/r/Fitness/comments/2f4i98/egg_whites/',
    });
    expect(row).toMatchObject({
      id: '2f4i98',
      subreddit: 'Fitness',
      permalink: '/r/Fitness/comments/2f4i98/egg_whites/',
    });
    expect(normalisePost({ ...post, subreddit: null, subreddit_name_prefixed: 'r/aww' }).subreddit).toBe(
      'aww',
    );
    expect(normalisePost({ ...post, id: 't3_abc' }).id).toBe('abc');
    expect(normaliseRecord({ ...post, id: 'not base36!' })).toEqual({ kind: 'skip', reason: 'invalid_id' });
  });

  it('builds permalink and url when absent; a missing author reads [deleted]', () => {
    const row = normalisePost({ ...post, author: undefined });
    expect(row).toMatchObject({
      author: '[deleted]',
      permalink: '/r/pics/comments/abc/',
      url: 'https://www.reddit.com/r/pics/comments/abc/',
    });
  });

  it('takes the latest retrieval it carries, else created_utc', () => {
    expect(normalisePost(post).retrieved_at).toBe(1_500_000_000);
    expect(normalisePost({ ...post, retrieved_on: 1_600_000_000 }).retrieved_at).toBe(1_600_000_000);
    expect(normalisePost({ ...post, retrieved_utc: '1623001372' }).retrieved_at).toBe(1_623_001_372);
    expect(
      normalisePost({
        ...post,
        retrieved_on: 1_706_745_615,
        updated_on: 1_706_745_631,
        _meta: { retrieved_2nd_on: 1_706_875_209 },
      }).retrieved_at,
    ).toBe(1_706_875_209);
  });

  it('flags deleted and removed posts from every marker', () => {
    const flags = (extra: object) => {
      const r = normalisePost({ ...post, ...extra });
      return [r.is_deleted, r.is_removed];
    };
    expect(flags({})).toEqual([0, 0]);
    expect(flags({ author: '[deleted]' })).toEqual([0, 0]);
    expect(flags({ selftext: '[deleted]', author: '[deleted]' })).toEqual([1, 0]);
    expect(flags({ selftext: '[removed]' })).toEqual([0, 1]);
    expect(flags({ removed_by_category: 'moderator', selftext: 'still here' })).toEqual([0, 1]);
    expect(flags({ removed_by_category: 'deleted' })).toEqual([1, 0]);
    expect(flags({ removed_by_category: null })).toEqual([0, 0]);
    expect(flags({ _meta: { removal_type: 'deleted', was_deleted_later: true } })).toEqual([1, 0]);
    expect(flags({ _meta: { removal_type: 'reddit' } })).toEqual([0, 1]);
  });

  it('marks sample rows and over_18', () => {
    expect(normalisePost({ ...post, over_18: true }, { isSample: true })).toMatchObject({
      over_18: 1,
      is_sample: 1,
    });
    expect(normalisePost(post)).toMatchObject({ over_18: 0, is_sample: 0 });
  });
});

describe('normaliseComment', () => {
  it('maps integer and null parent_id (Pushshift API records) to fullnames', () => {
    expect(normaliseComment({ ...comment, parent_id: 43_420_499_525 }).parent_id).toBe('t1_jy3fzut');
    expect(normaliseComment({ ...comment, parent_id: null }).parent_id).toBe('t3_abc');
    expect(normaliseComment({ ...comment, parent_id: 't1_kihqg38' }).parent_id).toBe('t1_kihqg38');
    expect(normaliseComment({ ...comment, link_id: 'abc', parent_id: undefined }).link_id).toBe('t3_abc');
    expect(normaliseRecord({ ...comment, link_id: null }, 'comment')).toEqual({
      kind: 'skip',
      reason: 'invalid_link_id',
    });
  });

  it('builds the permalink when the era has none, and unescapes the body', () => {
    const row = normaliseComment({ ...comment, subreddit: 'beer', body: '&gt; those folks' });
    expect(row).toMatchObject({ permalink: '/r/beer/comments/abc/_/c1/', body: '> those folks', replies: 0 });
    expect(row.search_text).toBe('those folks');
  });

  it('flags [deleted] and [removed] bodies, not a deleted author with text left', () => {
    expect(normaliseComment({ ...comment, body: '[deleted]', author: '[deleted]' })).toMatchObject({
      is_deleted: 1,
      is_removed: 0,
    });
    expect(normaliseComment({ ...comment, body: '[removed]', author: '[deleted]' })).toMatchObject({
      is_deleted: 0,
      is_removed: 1,
    });
    expect(normaliseComment({ ...comment, author: '[deleted]' })).toMatchObject({
      is_deleted: 0,
      is_removed: 0,
    });
    expect(normaliseComment({ ...comment, _meta: { removal_type: 'removed by reddit' } }).is_removed).toBe(1);
  });
});

describe('normaliseRecord', () => {
  it('classifies by fields (§3.8) unless the listing said', () => {
    expect(normaliseRecord(post).kind).toBe('post');
    expect(normaliseRecord(comment).kind).toBe('comment');
    expect(normaliseRecord({ id: 'x', created_utc: 1 })).toEqual({ kind: 'skip', reason: 'unknown_kind' });
    expect(normaliseRecord({ ...post, title: undefined }, 'post').kind).toBe('post');
  });
});
