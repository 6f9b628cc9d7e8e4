import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus, writeGeneratedCorpus } from './generate.ts';
import { normaliseComment, normalisePost, normaliseRecord } from './normalise.ts';
import { readRecords } from './readers/read-records.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-generate-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('generateCorpus', () => {
  const corpus = generateCorpus({ posts: 2000, comments: 10_000, seed: 42 });
  const posts = [...corpus.posts];
  const comments = [...corpus.comments];

  it('makes exactly the requested numbers, the same for the same seed and different for another', () => {
    expect(posts).toHaveLength(2000);
    expect(comments).toHaveLength(10_000);
    const again = generateCorpus({ posts: 2000, comments: 10_000, seed: 42 });
    expect([...again.comments]).toEqual(comments);
    expect([...again.posts]).toEqual(posts);
    const other = [...generateCorpus({ posts: 2000, comments: 10_000, seed: 43 }).posts];
    expect(other.map((p) => p.title)).not.toEqual(posts.map((p) => p.title));
  });

  it('builds comment trees: top-level t3_ parents and nested t1_ replies to earlier comments of the same post', () => {
    const rows = comments.map((c) => normaliseComment(c));
    const seen = new Map<string, string>(); // comment id → link id
    const postIds = new Set(posts.map((p) => String(p.id)));
    let nested = 0;
    for (const row of rows) {
      expect(postIds.has(row.link_id.slice(3))).toBe(true);
      if (row.parent_id.startsWith('t1_')) {
        nested += 1;
        expect(seen.get(row.parent_id.slice(3))).toBe(row.link_id);
      } else {
        expect(row.parent_id).toBe(row.link_id);
      }
      seen.set(row.id, row.link_id);
    }
    expect(nested / rows.length).toBeGreaterThan(0.4);
    const perPost = new Map<string, number>();
    for (const row of rows) perPost.set(row.link_id, (perPost.get(row.link_id) ?? 0) + 1);
    for (const post of posts) expect(post.num_comments).toBe(perPost.get(`t3_${post.id}`) ?? 0);
  });

  it('has heavy tails, years of timestamps, ~50 subreddits and realistic deletion rates', () => {
    const rows = posts.map((p) => normalisePost(p));
    const scores = rows.map((r) => r.score).sort((a, b) => a - b);
    expect(scores[Math.floor(scores.length / 2)]!).toBeLessThan(30);
    expect(scores.at(-1)!).toBeGreaterThan(2000);
    const counts = posts.map((p) => Number(p.num_comments)).sort((a, b) => a - b);
    expect(counts.at(-1)!).toBeGreaterThan(20 * (10_000 / 2000));
    const years = new Set(rows.map((r) => new Date(r.created_utc * 1000).getUTCFullYear()));
    expect(years.size).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.subreddit)).size).toBeGreaterThanOrEqual(45);
    const commentRows = comments.map((c) => normaliseComment(c));
    const deleted = commentRows.filter((r) => r.is_deleted).length / commentRows.length;
    const removed = commentRows.filter((r) => r.is_removed).length / commentRows.length;
    expect(deleted).toBeGreaterThan(0.02);
    expect(deleted).toBeLessThan(0.08);
    expect(removed).toBeGreaterThan(0.015);
    expect(removed).toBeLessThan(0.06);
  });

  it('dates up to a given day when asked (the sample corpus: up to today), every year back to 2015, none later', () => {
    const endUtc = Date.UTC(2026, 10, 28) / 1000;
    const dated = generateCorpus({ posts: 2000, comments: 10_000, seed: 42, endUtc });
    const postTimes = [...dated.posts].map((p) => normalisePost(p).created_utc);
    const commentTimes = [...dated.comments].map((c) => normaliseComment(c).created_utc);
    expect(Math.max(...postTimes, ...commentTimes)).toBeLessThanOrEqual(endUtc);
    const lastMonth = postTimes.filter((t) => t >= endUtc - 30 * 86_400).length;
    expect(lastMonth).toBeGreaterThan(5);
    const years = new Set(postTimes.map((t) => new Date(t * 1000).getUTCFullYear()));
    expect([...years].sort()).toEqual([
      2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026,
    ]);
    // Without it, the fixed end: the corpus does not change with the day it is generated on.
    expect(Math.max(...posts.map((p) => normalisePost(p).created_utc))).toBeLessThan(
      Date.UTC(2025, 0, 1) / 1000,
    );
    expect(() => generateCorpus({ posts: 1, comments: 0, seed: 1, endUtc: 0 })).toThrow(RangeError);
  });

  it("has every post kind, flairs, NSFW and removed posts, so the builder's examples return records", () => {
    const rows = posts.map((p) => normalisePost(p));
    const kinds = new Map<string, number>();
    for (const row of rows) kinds.set(row.post_kind, (kinds.get(row.post_kind) ?? 0) + 1);
    for (const kind of ['self', 'link', 'image', 'video', 'gallery'])
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(rows.length * 0.005);
    const share = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length / rows.length;
    expect(share((r) => r.flair !== '')).toBeGreaterThan(0.3);
    expect(share((r) => r.over_18 === 1)).toBeGreaterThan(0.005);
    expect(share((r) => r.is_removed === 1 || r.is_deleted === 1)).toBeGreaterThan(0.02);
    expect(new Set(rows.map((r) => r.domain)).size).toBeGreaterThan(20);
    const science = rows.filter((r) => r.subreddit === 'science' && r.created_utc >= 1_420_070_400);
    expect(science.length).toBeGreaterThan(0);
    expect(science.every((r) => r.flair !== '')).toBe(true);
  });

  it('uses the real dump variations so the normaliser is exercised', () => {
    expect(posts.some((p) => typeof p.created_utc === 'string')).toBe(true);
    expect(posts.some((p) => p.score === null)).toBe(true);
    expect(posts.some((p) => p.retrieved_utc !== undefined)).toBe(true);
    expect(posts.some((p) => p._meta?.retrieved_2nd_on !== undefined)).toBe(true);
    expect(posts.some((p) => p.subreddit === undefined)).toBe(true);
    expect(posts.some((p) => String(p.title).includes('&amp;') || String(p.selftext).includes('&gt;'))).toBe(
      true,
    );
    expect(comments.some((c) => typeof c.parent_id === 'number')).toBe(true);
    expect(comments.some((c) => c.parent_id === null)).toBe(true);
    expect(comments.some((c) => c.permalink === undefined)).toBe(true);
    expect(comments.some((c) => c.body === '[removed]')).toBe(true);
  });

  it('makes the preset terms common: "python" in post titles, "data" in comments', () => {
    const withPython = posts.filter((p) => /\bpython\b/i.test(`${p.title} ${p.selftext}`)).length;
    const withData = comments.filter((c) => /\bdata\b/i.test(String(c.body))).length;
    expect(withPython / posts.length).toBeGreaterThan(0.15);
    expect(withData / comments.length).toBeGreaterThan(0.1);
  });
});

describe('writeGeneratedCorpus', () => {
  it('writes RS_/RC_ NDJSON (float created_utc in Arctic Shift era lines) that ingests without a skip', async () => {
    const files = await writeGeneratedCorpus({ posts: 300, comments: 1500, seed: 5, outDir: dir });
    expect(path.basename(files.postsFile)).toBe('RS_generated.ndjson');
    expect(path.basename(files.commentsFile)).toBe('RC_generated.ndjson');
    const text = fs.readFileSync(files.postsFile, 'utf8');
    expect(text).toMatch(/"created_utc":\d+\.0,/);
    let records = 0;
    for (const file of [files.postsFile, files.commentsFile]) {
      for await (const items of readRecords(file)) {
        for (const item of items) {
          expect(item.type).toBe('record');
          if (item.type === 'record') expect(normaliseRecord(item.raw).kind).not.toBe('skip');
          records += 1;
        }
      }
    }
    expect(records).toBe(1800);
  });

  it('generates 200,000 records in seconds', async () => {
    const started = Date.now();
    await writeGeneratedCorpus({
      posts: 40_000,
      comments: 160_000,
      seed: 9,
      outDir: path.join(dir, 'speed'),
    });
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
