// Thread context in bench:orders (docs/decisions/029): its cost alone at 1,000 records, and the order cases.
import type { createDatabase } from '../apps/server/src/db/database.ts';
import type { FilterTree } from '@threadcart/contracts';
import { searchCorpus } from '../apps/server/src/services/corpus/search/corpus-search.service.ts';
import {
  withThreadContext,
  type ThreadOptions,
} from '../apps/server/src/services/orders/thread-context.service.ts';
import { log, median, percentile } from './orders-support.ts';

/** Orders with and without thread context (1,000 records each), beside the formats' rows. */
export const CONTEXT_CASES: { name: string; body: Record<string, unknown> }[] = [
  { name: 'comments, json', body: { search_type: 'comments', format_type: 'json' } },
  {
    name: 'comments, json, include_context',
    body: { search_type: 'comments', format_type: 'json', include_context: true },
  },
  {
    name: 'comments, csv, include_context',
    body: { search_type: 'comments', format_type: 'csv', include_context: true },
  },
  { name: 'posts, json', body: { search_type: 'posts', format_type: 'json' } },
  {
    name: 'posts, json, include_comments 10',
    body: { search_type: 'posts', format_type: 'json', include_comments: 10 },
  },
];

/** Thread context alone (the worker's added step), per 1,000 records of the bench's query, p50/p95 of RUNS. */
export async function measureContextAlone(
  db: ReturnType<typeof createDatabase>['db'],
  filters: FilterTree,
  bench: { runs: number; resultCount: number; onRun: () => void },
): Promise<Record<string, number[]>> {
  const { runs: RUNS, resultCount: RESULT_COUNT } = bench;
  const search = (searchType: 'posts' | 'comments') =>
    searchCorpus(db, { filters, searchType, resultCount: RESULT_COUNT });
  const { posts } = await search('posts');
  const { comments } = await search('comments');
  const cases: [string, ThreadOptions, 'posts' | 'comments'][] = [
    [
      'context of 1,000 comments (json: up to 20 parents)',
      { includeContext: true, includeComments: 0, format: 'json' },
      'comments',
    ],
    [
      'context of 1,000 comments (csv: the parent)',
      { includeContext: true, includeComments: 0, format: 'csv' },
      'comments',
    ],
    [
      'top 10 comments of 1,000 posts',
      { includeContext: false, includeComments: 10, format: 'json' },
      'posts',
    ],
  ];
  const times: Record<string, number[]> = {};
  for (const [name, options, side] of cases) {
    times[name] = [];
    const input = {
      posts: side === 'posts' ? posts : [],
      comments: side === 'comments' ? comments : [],
    };
    for (let run = 0; run <= RUNS; run += 1) {
      bench.onRun();
      const started = performance.now();
      const records = withThreadContext(db, input, options);
      let n = 0;
      for await (const _ of records[side]) n += 1;
      // The first run warms the page cache.
      if (run > 0) times[name].push(performance.now() - started);
      if (n !== input[side].length) throw new Error(`${name}: ${n} records`);
    }
    log(
      `${name}: p50 ${median(times[name]).toFixed(0)} ms, p95 ${percentile(times[name], 95).toFixed(0)} ms`,
    );
  }
  return times;
}

/** The Markdown of the thread context figures (a part of the Orders section). */
export function contextTable(
  alone: Record<string, number[]>,
  latency: Record<string, number[]>,
  corpus: { posts: number; comments: number },
  RUNS: number,
): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const row = (name: string, values: number[]) =>
    `| ${name} | ${ms(median(values))} | ${ms(percentile(values, 95))} |`;
  return [
    `Thread context (docs/decisions/029) over the same ${(corpus.posts + corpus.comments).toLocaleString('en')} records, ` +
      `keyword "python": the worker's added step alone (fetching context for the search's 1,000 records, ` +
      `${RUNS} runs after a warm-up), then create → file ready of orders of 1,000 records with and without it ` +
      `(measured as above):`,
    '',
    '| | p50 | p95 |',
    '| --- | --- | --- |',
    ...Object.entries(alone).map(([name, values]) => row(name, values)),
    ...Object.entries(latency).map(([name, values]) => row(`order: ${name}`, values)),
    '',
  ].join('\n');
}
