// Order file writers: records/s per format for 1,000 and 100,000 records (median of 5 runs each), then the cost of the
// privacy options (authors pseudonymised + every scrub kind, docs/decisions/036) against the same order without them.
// Run: cd apps/server && npx tsx ../../bench/writers.ts [--runs 5] [--sizes 1000,100000] [--privacy-size 100000]
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FormatType } from '@threadcart/contracts';
import type { CommentRecord, PostRecord } from '../apps/server/src/corpus/records.ts';
import { OrderPrivacy } from '../apps/server/src/exports/privacy/order-privacy.ts';
import { writeOrderFile } from '../apps/server/src/exports/write-order-file.ts';

const FORMATS: FormatType[] = ['json', 'csv', 'xlsx'];
const WORDS = 'python data reddit search the of and to a in is it that for on with as was at by'.split(' ');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

/** Every tenth text carries what the scrub replaces: an address, a link, a phone number and a mention. */
const PERSONAL =
  ' mail jane.doe@example.com or see https://example.org/page and call +44 20 7946 0958, thanks u/user_7';

function text(i: number, words: number): string {
  let out = '';
  for (let w = 0; w < words; w += 1) out += (w ? ' ' : '') + WORDS[(i * 7 + w * 13) % WORDS.length];
  return i % 10 === 0 ? out + PERSONAL : out;
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
    await benchPrivacy(dir, runs, Number(option('privacy-size', '100000')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Seconds to write `size` records in `format`, with the privacy options or without (median of `runs`). */
async function timeOrder(dir: string, format: FormatType, size: number, runs: number, isPrivate: boolean) {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const filePath = path.join(dir, `privacy.${format}`);
    const privacy = new OrderPrivacy({
      authors: isPrivate ? 'pseudonymised' : 'as_is',
      secret: 'bench-secret',
      scrub: isPrivate ? ['emails', 'phones', 'urls', 'mentions'] : [],
    });
    const started = performance.now();
    await writeOrderFile({
      format,
      searchType: 'both',
      posts: privacy.posts(posts(Math.ceil(size / 2))),
      comments: privacy.comments(comments(Math.floor(size / 2))),
      filePath,
      title: 'Bench',
    });
    times.push((performance.now() - started) / 1000);
    await rm(filePath);
  }
  return median(times);
}

async function benchPrivacy(dir: string, runs: number, size: number): Promise<void> {
  console.log('');
  console.log(`| format | records | plain s (median of ${runs}) | pseudonymised + scrubbed s | extra time |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const format of [...FORMATS, 'ndjson', 'parquet'] as FormatType[]) {
    // Interleaved, so that a change in the machine's load falls on both.
    const plain = await timeOrder(dir, format, size, runs, false);
    const scrubbed = await timeOrder(dir, format, size, runs, true);
    const extra = ((scrubbed / plain - 1) * 100).toFixed(1);
    console.log(
      `| ${format} | ${size.toLocaleString('en')} | ${plain.toFixed(2)} | ${scrubbed.toFixed(2)} | ${extra} % |`,
    );
  }
}

await main();
