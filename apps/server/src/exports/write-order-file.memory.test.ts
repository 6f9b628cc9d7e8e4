import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatType } from '@threadcart/contracts';
import type { PostRecord } from './records.ts';
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

// Heap plus Buffers/ArrayBuffers (zip and file chunks live outside the V8 heap).
const usedMemory = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'threadcart-memory-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('memory stays flat whatever the record count', () => {
  it.each<FormatType>(['json', 'csv', 'xlsx'])(
    `writes ${RECORDS.toLocaleString('en')} records as %s within a bounded heap`,
    async (format) => {
      const filePath = path.join(dir, `big.${format}`);
      const before = usedMemory();
      let peak = before;
      const result = await writeOrderFile({
        format,
        searchType: 'posts',
        posts: manyPosts(RECORDS),
        comments: [],
        filePath,
        title: 'Big',
        onRecord: (count) => {
          if (count % 2_000 === 0) peak = Math.max(peak, usedMemory());
        },
      });
      await rm(filePath);
      expect(result.records).toBe(RECORDS);
      expect(result.bytes).toBeGreaterThan(format === 'xlsx' ? 1_000_000 : 100_000_000);
      expect(peak - before).toBeLessThan(MAX_GROWTH_BYTES);
    },
    60_000,
  );
});
