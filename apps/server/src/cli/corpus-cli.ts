import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createDeps, type Deps } from '../deps.ts';
import { bulkIngestFiles, type BulkIngestSummary } from '../services/corpus/ingest/corpus-bulk.service.ts';
import { finishDeferredIndexes } from '../services/corpus/ingest/corpus-deferred.service.ts';
import {
  ingestDepsOf,
  ingestFiles,
  withIngestLock,
  type IngestProgress,
  type IngestSummary,
} from '../services/corpus/ingest/corpus-ingest.service.ts';
import {
  partitionCorpus,
  type PartitionProgress,
} from '../services/corpus/ingest/corpus-partitions.service.ts';
import { getCorpusStats, type CorpusStats } from '../services/corpus/stats/corpus-stats.service.ts';
import { getCorpusSizes, type CorpusSizes } from '../services/corpus/stats/corpus-sizes.service.ts';
import { SKIP_REASONS } from '../corpus/skip-reasons.ts';
import { writeGeneratedCorpus } from '../corpus/generate.ts';
import { createProgressBar, formatSummary } from './corpus-progress.ts';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTty: boolean;
  /** relative paths on the command line resolve against this directory */
  readonly cwd: string;
  /** builds the dependencies (database, logger) for ingest and stats */
  readonly createDeps: () => Promise<Deps>;
}

export const USAGE = `Usage:
  npm run corpus -- ingest <file|dir>... [--sample] [--bulk]
      NDJSON dumps (plain, .gz, .zst), JSON arrays, Reddit API listings and comment pages.
      --sample marks the rows as generated sample data.
      --bulk drops the corpus's search indexes for the load and builds them after it: much faster for large
      dumps; searches answer "bulk loading" (503) and orders wait until it ends.
  npm run corpus -- ingest --finish
      builds the indexes an interrupted --bulk load left deferred (any later ingest does it first too)
  npm run corpus -- generate --posts N --comments M --seed S [--out DIR]
      writes RS_generated.ndjson and RC_generated.ndjson (default DIR: ./data/generated)
  npm run corpus -- partition
      PostgreSQL: moves the corpus into monthly partitions (month by month, resumable; searches keep answering),
      after which ingest loads a new month into its own partition
  npm run corpus -- stats [--top N] [--json]
      counts by type, subreddit and month, and whether the corpus is sample data
  npm run corpus -- sizes [--json]
      bytes on disk by table, index and full-text table, per row of its table and per record
Exit codes: 0 done, 1 errors, 2 usage.
`;

class UsageError extends Error {}

const BULK_INTERRUPTED =
  'The bulk load stopped: the corpus indexes stay deferred and searches answer "bulk loading". Run the same ' +
  'ingest again (it continues), or `npm run corpus -- ingest --finish` to build them now.\n';

const defaultIo = (): CliIo => ({
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  isTty: Boolean(process.stderr.isTTY),
  cwd: loadConfig().invocationDir,
  createDeps: () => createDeps(loadConfig()),
});

/** `corpus <ingest|generate|stats> …`: returns the exit code (0 ok, 1 errors, 2 usage). */
export async function runCorpusCli(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    io.stdout(USAGE);
    return 0;
  }
  try {
    if (command === 'ingest') return await ingest(rest, io);
    if (command === 'generate') return await generate(rest, io);
    if (command === 'stats') return await stats(rest, io);
    if (command === 'sizes') return await sizes(rest, io);
    if (command === 'partition') return await partition(rest, io);
    throw new UsageError(command ? `Unknown corpus command: ${command}` : 'Missing corpus command');
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    io.stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function ingest(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      sample: { type: 'boolean', default: false },
      bulk: { type: 'boolean', default: false },
      finish: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (values.finish && (positionals.length > 0 || values.bulk || values.sample))
    throw new UsageError('ingest --finish takes no files and no other option');
  if (!values.finish && positionals.length === 0)
    throw new UsageError('ingest needs at least one file or directory');
  const deps = await io.createDeps();
  const bar = io.isTty ? createProgressBar(io.stderr) : undefined;
  const onStep = (message: string) => {
    bar?.clear();
    io.stderr(`${message}\n`);
  };
  const onWait = () =>
    io.stderr('Another ingest (or the sample corpus load) is running; waiting for it to finish…\n');
  try {
    if (values.finish) {
      const finished = await withIngestLock(deps, () => finishDeferredIndexes(deps.db, onStep), onWait);
      io.stdout(
        finished.built === 0
          ? 'Nothing was deferred: every corpus index is in place.\n'
          : `Built the deferred indexes in ${finished.seconds.toFixed(1)} s.\n`,
      );
      return 0;
    }
    const files = positionals.map((p) => path.resolve(io.cwd, p));
    let started = Date.now();
    const options = { isSample: values.sample, onProgress: (p: IngestProgress) => bar?.update(p), onStep };
    const summary = await withIngestLock<IngestSummary | BulkIngestSummary>(
      deps,
      () => {
        started = Date.now();
        const ingestDeps = ingestDepsOf(deps);
        if (!values.bulk) return ingestFiles(ingestDeps, files, options);
        return bulkIngestFiles(ingestDeps, files, options).catch((error: unknown) => {
          bar?.clear();
          io.stderr(BULK_INTERRUPTED);
          throw error;
        });
      },
      onWait,
    );
    bar?.clear();
    for (const { message } of summary.errors) io.stderr(`error: ${message}\n`);
    io.stdout(`${formatSummary(summary, (Date.now() - started) / 1000)}\n`);
    if ('deferred' in summary) {
      io.stdout(
        `Bulk load: ${summary.loadSeconds.toFixed(1)} s loading, ${summary.indexSeconds.toFixed(1)} s building ` +
          `${summary.deferred} deferred indexes.\n`,
      );
    }
    if (io.isTty) {
      for (const reason of Object.keys(summary.skipped)) {
        io.stderr(`  ${reason}: ${SKIP_REASONS[reason as keyof typeof SKIP_REASONS]}\n`);
      }
    }
    return summary.errors.length > 0 ? 1 : 0;
  } finally {
    bar?.clear();
    await deps.close();
  }
}

async function partition(args: readonly string[], io: CliIo): Promise<number> {
  if (args.length > 0) throw new UsageError('partition takes no argument');
  const deps = await io.createDeps();
  const onWait = () =>
    io.stderr('Another ingest (or the sample corpus load) is running; waiting for it to finish…\n');
  const onProgress = (p: PartitionProgress) =>
    io.stderr(
      `${p.table}: ${p.name} ${p.isResumed ? 'copied before' : 'copied'} (${p.done} of ${p.total})\n`,
    );
  try {
    await withIngestLock(deps, () => partitionCorpus(deps.db, onProgress), onWait);
    io.stdout('The corpus is partitioned by month.\n');
    return 0;
  } finally {
    await deps.close();
  }
}

function count(name: string, value: string | undefined, isRequired: boolean): number | undefined {
  if (value === undefined) {
    if (isRequired) throw new UsageError(`generate needs --${name}`);
    return undefined;
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number ≥ 0`);
  return n;
}

async function generate(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      posts: { type: 'string' },
      comments: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  const posts = count('posts', values.posts, true)!;
  const comments = count('comments', values.comments, true)!;
  const seed = count('seed', values.seed, false) ?? 1;
  if (comments > 0 && posts === 0) throw new UsageError('comments need at least one post');
  const outDir = path.resolve(io.cwd, values.out ?? 'data/generated');
  const started = Date.now();
  const files = await writeGeneratedCorpus({ posts, comments, seed, outDir });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.stdout(
    `Generated ${posts.toLocaleString('en-US')} posts and ${comments.toLocaleString('en-US')} comments ` +
      `(seed ${seed}) in ${seconds} s:\n  ${files.postsFile}\n  ${files.commentsFile}\n`,
  );
  return 0;
}

async function stats(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: { top: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const top = count('top', values.top, false) ?? 20;
  const deps = await io.createDeps();
  try {
    const result = await getCorpusStats(deps.db, { top });
    io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatStats(result, top));
    return 0;
  } finally {
    await deps.close();
  }
}

async function sizes(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args: [...args], options: { json: { type: 'boolean', default: false } } });
  const deps = await io.createDeps();
  try {
    const result = await getCorpusSizes(deps.db);
    io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatSizes(result));
    return 0;
  } finally {
    await deps.close();
  }
}

function formatSizes(s: CorpusSizes): string {
  const rows = (table: string) => (table === 'posts' ? s.posts : table === 'comments' ? s.comments : 0);
  const perRecord = (bytes: number, n: number) =>
    n > 0 ? Math.round(bytes / n).toLocaleString('en-US') : '';
  const line = (cells: string[]) =>
    `${cells[0]!.padEnd(34)}${cells[1]!.padEnd(10)}${cells
      .slice(2)
      .map((c) => c.padStart(12))
      .join('')}`;
  return [
    `Corpus: ${s.posts.toLocaleString('en-US')} posts, ${s.comments.toLocaleString('en-US')} comments`,
    line(['object', 'kind', 'MiB', 'B/table row', 'B/record']),
    ...s.objects.map((o) =>
      line([
        o.name,
        o.kind,
        (o.bytes / 2 ** 20).toFixed(1),
        perRecord(o.bytes, rows(o.table)),
        perRecord(o.bytes, s.records),
      ]),
    ),
    line(['total', '', (s.totalBytes / 2 ** 20).toFixed(1), '', perRecord(s.totalBytes, s.records)]),
    '',
  ].join('\n');
}

const SAMPLE_LABEL = {
  none: 'real data',
  all: 'generated sample data',
  mixed: 'real data mixed with generated sample data',
} as const;

function formatStats(s: CorpusStats, top: number): string {
  const n = (v: number) => v.toLocaleString('en-US').padStart(11);
  const table = (title: string, rows: CorpusStats['byMonth']) =>
    [`${title.padEnd(24)}${'posts'.padStart(11)}${'comments'.padStart(11)}`]
      .concat(rows.map((r) => `${(r.key || '(none)').padEnd(24)}${n(r.posts)}${n(r.comments)}`))
      .join('\n');
  if (s.posts + s.comments === 0) return 'Corpus: empty\n';
  const sample = s.state === 'mixed' ? ` (${s.sampleRecords.toLocaleString('en-US')} sample records)` : '';
  return [
    `Corpus: ${s.posts.toLocaleString('en-US')} posts, ${s.comments.toLocaleString('en-US')} comments — ` +
      `${SAMPLE_LABEL[s.state]}${sample}`,
    '',
    table(`Subreddit (top ${top})`, s.bySubreddit),
    '',
    table('Month (UTC)', s.byMonth),
    '',
  ].join('\n');
}
