// Corpus: ingest throughput (bench/corpus-ingest.ts) and query latency p50/p95 over 20 runs for five queries on a
// 1,000,000-record corpus (200k posts, 800k comments), on SQLite and, when BENCH_DATABASE_URL is set, PostgreSQL.
// Run: npm run bench:corpus  (from apps/server: tsx ../../bench/corpus.ts) [--runs 20]
// The figures go into the "Corpus" section of bench/RESULTS.md.
import os from 'node:os';
import { sql } from 'kysely';
import {
  ORDER_PRESETS,
  PREVIEW_MATCH_CAP,
  type FilterTreeInput,
  type SearchType,
} from '@threadcart/contracts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import {
  countMatches,
  searchCorpus,
} from '../apps/server/src/services/corpus/search/corpus-search.service.ts';
import { parseFilterTreeWithRe2 } from '../apps/server/src/corpus/filters/parse-filter-tree.ts';
import { buildBenchCorpus, type IngestBenchResult } from './corpus-ingest.ts';
import { writeResultsSection } from './results-file.ts';

const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Number(process.argv[runsIndex + 1]) : 20;
const RESULT_COUNT = 1000;
const PG_URL = process.env.BENCH_DATABASE_URL;
const LOAD_AT_START = os.loadavg()[0]!;

interface BenchQuery {
  readonly name: string;
  readonly searchType: SearchType;
  readonly filters: FilterTreeInput;
  /** SQLite p95 target in ms, when the issue sets one */
  readonly target?: number;
}

const QUERIES: readonly BenchQuery[] = [
  { name: 'High Quality Posts (preset)', ...preset('High Quality Posts'), target: 250 },
  { name: 'Active Comments (preset)', ...preset('Active Comments'), target: 250 },
  {
    name: 'keyword "python pandas", both',
    searchType: 'both',
    filters: {
      combinator: 'and',
      rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python pandas' }],
    },
  },
  {
    name: 'regex only \\b(pandas|pytorch)\\b, both',
    searchType: 'both',
    filters: {
      combinator: 'and',
      rules: [{ field: 'regex', operator: 'regex_matches', value: '\\b(pandas|pytorch)\\b' }],
    },
    target: 3000,
  },
  {
    name: 'keyword "data", both',
    searchType: 'both',
    filters: {
      combinator: 'and',
      rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'data' }],
    },
  },
  {
    name: 'keyword "data" + r/science + November 2022 + not removed, both',
    searchType: 'both',
    filters: {
      combinator: 'and',
      rules: [
        { field: 'subreddit', operator: 'in', value: ['science'] },
        { field: 'created', operator: 'between', value: ['2022-11-01', '2022-11-30'] },
        { field: 'removed', operator: '=', value: false },
        { field: 'keyword', operator: 'keyword_contains', value: 'data' },
      ],
    },
  },
  {
    name: 'nested OR/AND tree with NOT, both',
    searchType: 'both',
    filters: {
      combinator: 'and',
      rules: [
        {
          combinator: 'or',
          rules: [
            { field: 'keyword', operator: 'keyword_contains', value: 'data' },
            { field: 'keyword', operator: 'keyword_contains', value: 'python' },
          ],
        },
        {
          combinator: 'or',
          rules: [
            { field: 'upvotes', operator: 'between', value: [50, null] },
            { field: 'comments', operator: '>=', value: 20 },
            { field: 'replies', operator: '>=', value: 3 },
          ],
        },
        {
          combinator: 'and',
          not: true,
          rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'bug' }],
        },
      ],
    },
  },
];

function preset(name: string): { searchType: SearchType; filters: FilterTreeInput } {
  const found = ORDER_PRESETS.find((p) => p.name === name);
  if (!found) throw new Error(`no preset ${name}`);
  return { searchType: found.searchType, filters: found.filters };
}

interface QueryFigures {
  readonly p50: number;
  readonly p95: number;
  readonly matches: number;
  readonly isCapped: boolean;
  /** one countMatches call (the order preview's count, capped at 100,000) */
  readonly countMs: number;
  /** the ids returned, to check both databases give the same answer */
  readonly ids: string;
}

const log = (message: string) => console.log(`[bench:corpus] ${message}`);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
/** Nearest-rank percentile. */
const percentile = (values: number[], p: number) =>
  sorted(values)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

async function measureQueries(url: string): Promise<QueryFigures[]> {
  const handle = createDatabase(url);
  const figures: QueryFigures[] = [];
  try {
    // Fresh statistics after the bulk load, as autovacuum would soon give them; SQLite's plans need none.
    if (handle.dialect === 'postgres') await sql`analyze posts, comments`.execute(handle.db);
    for (const query of QUERIES) {
      const filters = parseFilterTreeWithRe2(query.filters);
      const request = { filters, searchType: query.searchType, resultCount: RESULT_COUNT };
      let result = await searchCorpus(handle.db, request); // warm-up: caches, compiled patterns, plans
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        result = await searchCorpus(handle.db, request);
        times.push(performance.now() - started);
      }
      const countStarted = performance.now();
      const { count, isCapped } = await countMatches(handle.db, request, PREVIEW_MATCH_CAP);
      const countMs = performance.now() - countStarted;
      const ids = [...result.posts.map((p) => `p${p.id}`), ...result.comments.map((c) => `c${c.id}`)].join(
        ',',
      );
      figures.push({
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        matches: count,
        isCapped,
        countMs,
        ids,
      });
      log(
        `${url.split(':')[0]} ${query.name}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
      );
    }
  } finally {
    await handle.close();
  }
  return figures;
}

function queryTable(sqlite: QueryFigures[], pg: QueryFigures[] | undefined): string[] {
  const columns = ['query', 'matches', 'SQLite p50', 'SQLite p95', 'SQLite count'];
  if (pg) columns.push('PostgreSQL p50', 'PostgreSQL p95', 'PostgreSQL count', 'PG/SQLite (p50)');
  columns.push('target (SQLite p95)');
  return [
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => ' --- |').join('')}`,
    ...QUERIES.map((query, i) => {
      const s = sqlite[i]!;
      const cells = [
        query.name.replace(/\|/g, '\\|'),
        `${s.matches.toLocaleString('en-US')}${s.isCapped ? '+' : ''}`,
        ms(s.p50),
        ms(s.p95),
        ms(s.countMs),
      ];
      const p = pg?.[i];
      if (p) cells.push(ms(p.p50), ms(p.p95), ms(p.countMs), `${(p.p50 / s.p50).toFixed(2)}×`);
      cells.push(
        query.target
          ? `≤ ${query.target.toLocaleString('en-US')} ms: ${s.p95 <= query.target ? 'met' : 'missed'}`
          : '',
      );
      return `| ${cells.join(' | ')} |`;
    }),
  ];
}

const INGEST_COLUMNS = [
  'database',
  'records',
  'time (median)',
  'records/s',
  'runs',
  'JSON.parse records/s',
  'ratio',
  'writing thread CPU',
  'write transactions p95 / max',
  'target',
];

/** The SQLite ingest target, in records/s. */
const SQLITE_INGEST_TARGET = 40_000;

function ingestLines(label: string, ingest: IngestBenchResult): string {
  const cells = [
    label,
    ingest.records.toLocaleString('en-US'),
    `${ingest.seconds.toFixed(1)} s`,
    Math.round(ingest.recordsPerSecond).toLocaleString('en-US'),
    ingest.runs.map((s) => `${s.toFixed(1)} s`).join(' / '),
    Math.round(ingest.parseRecordsPerSecond).toLocaleString('en-US'),
    (ingest.recordsPerSecond / ingest.parseRecordsPerSecond).toFixed(2),
    `${ingest.mainThreadCpuSeconds.toFixed(1)} s`,
    `${ingest.transactions.p95Ms} / ${ingest.transactions.maxMs} ms`,
    label === 'SQLite'
      ? `≥ ${SQLITE_INGEST_TARGET.toLocaleString('en-US')} records/s: ` +
        (ingest.recordsPerSecond >= SQLITE_INGEST_TARGET ? 'met' : 'missed')
      : '',
  ];
  return `| ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  const sqliteCorpus = await buildBenchCorpus({ dialect: 'sqlite' });
  const sqlite = await measureQueries(sqliteCorpus.url);
  let pgCorpus: Awaited<ReturnType<typeof buildBenchCorpus>> | undefined;
  let pg: QueryFigures[] | undefined;
  if (PG_URL) {
    pgCorpus = await buildBenchCorpus({ dialect: 'postgres', url: PG_URL });
    pg = await measureQueries(pgCorpus.url);
  }
  const same = pg
    ? pg.every((p, i) => p.ids === sqlite[i]!.ids && p.matches === sqlite[i]!.matches)
    : undefined;
  const section = [
    '## Corpus',
    '',
    `\`npm run bench:corpus\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, load average ` +
      `${LOAD_AT_START.toFixed(1)} at the start: the machine is shared): a generated corpus of 200,000 posts and ` +
      `800,000 comments. Ingest throughput, the median of ${sqliteCorpus.ingest.runs.length} runs each into an ` +
      'emptied database, against a plain JSON.parse pass over the same files (the practical limit). The writing ' +
      "thread's CPU is the single writer's cost; each write transaction holds SQLite's write lock, which an API " +
      'write waits out:',
    '',
    `| ${INGEST_COLUMNS.join(' | ')} |`,
    `|${INGEST_COLUMNS.map(() => ' --- |').join('')}`,
    ingestLines('SQLite', sqliteCorpus.ingest),
    ...(pgCorpus ? [ingestLines('PostgreSQL', pgCorpus.ingest)] : []),
    '',
    `Query latency over ${RUNS} runs each after one warm-up (result_count ${RESULT_COUNT}; \`searchCorpus\` in ` +
      'process, rows mapped to records); "matches" and "count" come from one `countMatches` call (the order ' +
      "preview's count, exact up to 100,000):",
    '',
    ...queryTable(sqlite, pg),
    '',
    same === undefined
      ? 'PostgreSQL: not run (set BENCH_DATABASE_URL).'
      : `Both databases returned ${same ? 'the same records in the same order' : 'DIFFERENT records'} for every query.`,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  writeResultsSection('Corpus', section);
}

await main();
