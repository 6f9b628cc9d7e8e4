// Corpus ingest throughput, called by bench/corpus.ts (the driver that prints the table and writes RESULTS.md).
// Generates the 1,000,000-record corpus (200k posts, 800k comments) into bench/.data/corpus-1m/ once (kept while its
// manifest matches), ingests it into a fresh database and measures records/s, and a plain JSON.parse pass over the
// same files: the practical limit of any importer written in JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { writeGeneratedCorpus } from '../apps/server/src/corpus/generate.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ingestFiles } from '../apps/server/src/services/corpus-ingest.service.ts';
import { getCorpusSampleStatus } from '../apps/server/src/services/corpus-stats.service.ts';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.data');
export const BENCH_CORPUS = { posts: 200_000, comments: 800_000, seed: 1 } as const;

export interface IngestBenchResult {
  readonly records: number;
  /** median over the runs */
  readonly seconds: number;
  readonly recordsPerSecond: number;
  readonly parseRecordsPerSecond: number;
  readonly runs: readonly number[];
  /** CPU seconds of the thread that writes to the database (median run): records/s if it had a core to itself */
  readonly mainThreadCpuSeconds: number;
  /** CPU seconds of the whole process during the median run (main thread + parse worker + zstd none here) */
  readonly processCpuSeconds: number;
  /** peak resident memory of the process so far (MB): constant-memory streaming keeps it flat */
  readonly maxRssMb: number;
  /** write transactions of the median run: count, p95 and longest (ms) */
  readonly transactions: { count: number; p95Ms: number; maxMs: number };
}

export interface BenchCorpusOptions {
  readonly dialect: 'sqlite' | 'postgres';
  /** PostgreSQL: a scratch database; its corpus tables are emptied (refused if they hold real data) */
  readonly url?: string;
  /** ingest runs, each into an emptied database; the median is reported (default BENCH_INGEST_RUNS or 3) */
  readonly runs?: number;
}

const log = (message: string) => console.log(`[bench:corpus-ingest] ${message}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** The generated files, written once into bench/.data/corpus-1m/ and reused while the manifest matches. */
export async function ensureBenchFiles(): Promise<string[]> {
  const dir = path.join(DATA, 'corpus-1m');
  const manifest = path.join(dir, 'manifest.json');
  const files = [path.join(dir, 'RS_generated.ndjson'), path.join(dir, 'RC_generated.ndjson')];
  const wanted = JSON.stringify(BENCH_CORPUS);
  const isCurrent =
    fs.existsSync(manifest) &&
    fs.readFileSync(manifest, 'utf8') === wanted &&
    files.every((f) => fs.existsSync(f));
  if (!isCurrent) {
    const started = performance.now();
    await writeGeneratedCorpus({ ...BENCH_CORPUS, outDir: dir });
    fs.writeFileSync(manifest, wanted);
    log(
      `generated ${(BENCH_CORPUS.posts + BENCH_CORPUS.comments).toLocaleString('en-US')} records in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return files;
}

/** records/s of reading the files line by line and JSON.parse-ing each line, nothing else. */
export async function measureJsonParse(files: string[]): Promise<number> {
  let records = 0;
  const started = performance.now();
  for (const file of files) {
    const lines = readline.createInterface({
      input: fs.createReadStream(file, { highWaterMark: 1 << 20 }),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (!line) continue;
      JSON.parse(line);
      records += 1;
    }
  }
  return records / ((performance.now() - started) / 1000);
}

/** Builds the 1M-record bench corpus in a fresh database of the dialect and measures the ingest; returns its URL. */
export async function buildBenchCorpus(
  options: BenchCorpusOptions,
): Promise<{ url: string; ingest: IngestBenchResult }> {
  const files = await ensureBenchFiles();
  const url = options.dialect === 'sqlite' ? `sqlite:${path.join(DATA, 'corpus-1m.db')}` : options.url;
  if (!url) throw new Error('buildBenchCorpus: a PostgreSQL URL is needed');
  const runs = options.runs ?? Number(process.env.BENCH_INGEST_RUNS ?? 3);
  const seconds: number[] = [];
  const cpu: number[] = [];
  const processCpu: number[] = [];
  const transactions: IngestBenchResult['transactions'][] = [];
  let records = 0;
  for (let run = 0; run < runs; run += 1) {
    const handle = await openEmpty(options.dialect, url);
    try {
      const started = performance.now();
      const cpuBefore = mainThreadCpuSeconds();
      const processBefore = process.cpuUsage();
      const summary = await ingestFiles({ db: handle.db, logger: pino({ level: 'silent' }) }, files, {
        isSample: true,
      });
      seconds.push((performance.now() - started) / 1000);
      cpu.push(mainThreadCpuSeconds() - cpuBefore);
      const used = process.cpuUsage(processBefore);
      processCpu.push((used.user + used.system) / 1e6);
      transactions.push(summary.transactions);
      if (summary.errors.length > 0 || Object.keys(summary.skipped).length > 0) {
        throw new Error(`bench ingest was not clean: ${JSON.stringify(summary)}`);
      }
      records = summary.read;
      log(
        `${options.dialect} run ${run + 1}/${runs}: ${records.toLocaleString('en-US')} records in ` +
          `${seconds.at(-1)!.toFixed(1)} s (${Math.round(records / seconds.at(-1)!).toLocaleString('en-US')}/s; ` +
          `CPU s: main thread ${cpu.at(-1)!.toFixed(1)}, process ${processCpu.at(-1)!.toFixed(1)}; ` +
          `transactions p95 ${summary.transactions.p95Ms} ms, ` +
          `max ${summary.transactions.maxMs} ms)`,
      );
    } finally {
      await handle.close();
    }
  }
  const parseRecordsPerSecond = await measureJsonParse(files);
  const s = median(seconds);
  const at = seconds.indexOf(s);
  return {
    url,
    ingest: {
      records,
      seconds: s,
      recordsPerSecond: records / s,
      parseRecordsPerSecond,
      runs: seconds,
      mainThreadCpuSeconds: cpu[at]!,
      processCpuSeconds: processCpu[at]!,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      transactions: transactions[at]!,
    },
  };
}

/** CPU seconds (user + system) of this process's main thread, from /proc (Linux); NaN elsewhere. */
function mainThreadCpuSeconds(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

async function openEmpty(dialect: 'sqlite' | 'postgres', url: string) {
  if (dialect === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
  const handle = createDatabase(url);
  await migrateToLatest(handle.db as Kysely<unknown>);
  if (dialect === 'postgres') {
    const status = await getCorpusSampleStatus(handle.db);
    if (status.posts + status.comments > status.sampleRecords) {
      await handle.close();
      throw new Error('BENCH_DATABASE_URL holds real corpus data: point it to a scratch database');
    }
    await sql`truncate comments, posts`.execute(handle.db);
  }
  return handle;
}
