import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatType } from '@threadcart/contracts';
import type { CommentRecord, PostRecord } from '../corpus/records.ts';
import { writeOrderFile } from './write-order-file.ts';

const RECORDS = 200_000;
// Each record carries ~600 bytes of text, so 200,000 of them are ~120 MB: a writer that held the file in memory
// (or let ExcelJS's zip queue grow) would pass this bound several times over.
const MAX_GROWTH_BYTES = 64 * 1024 * 1024;
const FILLER = 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(10);

function* manyPosts(count: number): Generator<PostRecord> {
  for (let i = 0; i < count; i += 1) {
    yield {
      id: i.toString(36),
      author: `user_${i % 997}`,
      title: `Post number ${i} about python and data`,
      selftext: `${i} ${FILLER}`,
      score: (i % 2001) - 1000,
      num_comments: i % 300,
      created_utc: 1_600_000_000 + i,
      subreddit: `sub${i % 50}`,
      permalink: `/r/sub${i % 50}/comments/${i.toString(36)}/post_number_${i}/`,
      url: `https://www.reddit.com/r/sub${i % 50}/comments/${i.toString(36)}/`,
      nsfw: false,
      removed: false,
      post_kind: 'self',
      domain: `self.sub${i % 50}`,
      flair: '',
      retrieved_at: 1_600_000_100 + i,
      is_sample: true,
    };
  }
}

// Comments with thread context (include_context): three parents each, ~600 bytes of text with the post's title.
function* manyThreadedComments(count: number): Generator<CommentRecord> {
  for (let i = 0; i < count; i += 1) {
    const parents = [1, 2, 3].map((level) => ({
      id: (i * 4 + level).toString(36),
      author: `user_${(i + level) % 997}`,
      body: `${level} ${FILLER.slice(0, 150)}`,
    }));
    yield {
      id: (i * 4).toString(36),
      author: `user_${i % 997}`,
      body: `${i} ${FILLER.slice(0, 100)}`,
      score: (i % 2001) - 1000,
      created_utc: 1_600_000_000 + i,
      parent_id: `t1_${parents[0]!.id}`,
      link_id: `t3_${(i % 5000).toString(36)}`,
      subreddit: `sub${i % 50}`,
      replies: i % 7,
      permalink: `/r/sub${i % 50}/comments/${(i % 5000).toString(36)}/_/${(i * 4).toString(36)}/`,
      nsfw: false,
      removed: false,
      retrieved_at: 1_600_000_100 + i,
      is_sample: true,
      context: {
        post: { id: (i % 5000).toString(36), title: `Post ${i % 5000} about python` },
        parents,
        parents_complete: true,
        next_parent_id: null,
      },
    };
  }
}

// Heap plus Buffers/ArrayBuffers (zip and file chunks live outside the V8 heap).
const usedMemory = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

/** V8's full collection, made callable without starting Node with --expose-gc. */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'threadcart-memory-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// Files that compress well (xlsx, parquet) are far smaller than the text they hold.
const MIN_BYTES: Partial<Record<FormatType, number>> = { xlsx: 1_000_000, parquet: 1_000_000 };
// Parquet holds one row group (10,000 rows) at a time; it must stay within half the bound.
const MAX_GROWTH: Partial<Record<FormatType, number>> = { parquet: MAX_GROWTH_BYTES / 2 };

const FORMATS: FormatType[] = ['json', 'csv', 'xlsx', 'ndjson', 'parquet'];

describe('memory stays flat whatever the record count', () => {
  it.each<[FormatType, boolean]>([
    ...FORMATS.map((format) => [format, false] as [FormatType, boolean]),
    // Thread context: nested in JSON and NDJSON, two more columns in the others.
    ...FORMATS.map((format) => [format, true] as [FormatType, boolean]),
  ])(
    `writes ${RECORDS.toLocaleString('en')} records as %s (thread context: %s) within a bounded live heap`,
    async (format, threaded) => {
      // The live set after a full collection: the raw heap also holds garbage V8 has not collected yet, and how much
      // depends on the machine's load (an xlsx run measured 77 MB raw under CI load; the Parquet encoder leaves a
      // UTF-8 copy of every string and its page buffers behind).
      const gc = exposeGc();
      const filePath = path.join(dir, `big.${format}`);
      gc();
      const before = usedMemory();
      let peak = before;
      const result = await writeOrderFile({
        format,
        searchType: threaded ? 'comments' : 'posts',
        posts: threaded ? [] : manyPosts(RECORDS),
        comments: threaded ? manyThreadedComments(RECORDS) : [],
        threadContext: threaded,
        filePath,
        title: 'Big',
        onRecord: (count) => {
          // Every 10,000 records, just before a Parquet row group is written: the most rows it holds.
          if (count % 10_000 === 9_999) {
            gc();
            peak = Math.max(peak, usedMemory());
          }
        },
      });
      await rm(filePath);
      expect(result.records).toBe(RECORDS);
      // A tabular file of threaded comments carries the parent's body only (the JSON formats carry all three).
      expect(result.bytes).toBeGreaterThan(MIN_BYTES[format] ?? (threaded ? 50_000_000 : 100_000_000));
      expect(peak - before).toBeLessThan(MAX_GROWTH[format] ?? MAX_GROWTH_BYTES);
    },
    120_000,
  );
});
