// Order file writers: records/s per format for 1,000 and 100,000 records (median of 5 runs each).
// Run: cd apps/server && npx tsx ../../bench/writers.ts [--runs 5] [--sizes 1000,100000]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FormatType } from '@threadcart/contracts';
import type { CommentRecord, PostRecord } from '../apps/server/src/corpus/records.ts';
import { writeOrderFile } from '../apps/server/src/exports/write-order-file.ts';

const FORMATS: FormatType[] = ['json', 'csv', 'xlsx'];
const WORDS = 'python data reddit search the of and to a in is it that for on with as was at by'.split(' ');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

function text(i: number, words: number): string {
  let out = '';
  for (let w = 0; w < words; w += 1) out += (w ? ' ' : '') + WORDS[(i * 7 + w * 13) % WORDS.length];
  return out;
}

// A realistic order mix for `both`: half posts, half comments, with body lengths around Reddit's medians.
function* posts(count: number): Generator<PostRecord> {
  for (let i = 0; i < count; i += 1) {
    const id = (1_000_000 + i).toString(36);
    yield {
      id,
      author: `user_${i % 5_000}`,
      title: text(i, 12),
      selftext: text(i, 80),
      score: (i * 37) % 5_000,
      num_comments: (i * 11) % 400,
      created_utc: 1_500_000_000 + i * 60,
      subreddit: `sub${i % 50}`,
      permalink: `/r/sub${i % 50}/comments/${id}/post/`,
      url: `https://www.reddit.com/r/sub${i % 50}/comments/${id}/post/`,
      nsfw: false,
      removed: false,
      post_kind: 'self',
      domain: `self.sub${i % 50}`,
      flair: '',
      retrieved_at: 1_500_000_100 + i * 60,
      is_sample: false,
    };
  }
}

function* comments(count: number): Generator<CommentRecord> {
  for (let i = 0; i < count; i += 1) {
    const id = (2_000_000 + i).toString(36);
    yield {
      id,
      author: `user_${i % 5_000}`,
      body: text(i, 40),
      score: ((i * 13) % 500) - 20,
      created_utc: 1_500_000_000 + i * 30,
      parent_id: `t3_${(1_000_000 + (i >> 2)).toString(36)}`,
      link_id: `t3_${(1_000_000 + (i >> 2)).toString(36)}`,
      subreddit: `sub${i % 50}`,
      replies: i % 9,
      permalink: `/r/sub${i % 50}/comments/x/post/${id}/`,
      nsfw: false,
      removed: false,
      retrieved_at: 1_500_000_100 + i * 30,
      is_sample: false,
    };
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const runs = Number(option('runs', '5'));
  const sizes = option('sizes', '1000,100000').split(',').map(Number);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'threadcart-bench-writers-'));
  try {
    console.log(`| format | records | records/s (median of ${runs}) | file size |`);
    console.log('|---|---:|---:|---:|');
    for (const size of sizes) {
      for (const format of FORMATS) {
        const rates: number[] = [];
        let bytes = 0;
        for (let run = 0; run < runs; run += 1) {
          const filePath = path.join(dir, `bench.${format}`);
          const started = performance.now();
          const result = await writeOrderFile({
            format,
            searchType: 'both',
            posts: posts(Math.ceil(size / 2)),
            comments: comments(Math.floor(size / 2)),
            filePath,
            title: 'Bench',
          });
          rates.push(result.records / ((performance.now() - started) / 1000));
          bytes = result.bytes;
          await rm(filePath);
        }
        const rate = Math.round(median(rates)).toLocaleString('en');
        console.log(
          `| ${format} | ${size.toLocaleString('en')} | ${rate} | ${(bytes / 1e6).toFixed(2)} MB |`,
        );
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
