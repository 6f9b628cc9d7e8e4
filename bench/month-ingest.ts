// Adding a month to an existing SQLite corpus with a plain `corpus ingest` (not --bulk): records/s of the month's
// ingest into a copy of a corpus of --base records (docs/decisions/042-sqlite-month-ingest-and-size.md).
//
//   npm run bench:month -- [--base 1000000] [--month 1000000] [--runs 3] [--dir bench/.data]
//
// The base corpus (generated, 2015–2025, bulk-loaded once and kept in <dir>/month-base-<N>.db while its manifest
// matches) is copied for every run; the month (generated February 2025, ids after the base's) is ingested into the
// copy. Prints each run and the median; the machine may be loaded, so compare medians.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pino from 'pino';
import { writeGeneratedCorpus } from '../apps/server/src/corpus/generate.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { bulkIngestFiles } from '../apps/server/src/services/corpus/ingest/corpus-bulk.service.ts';
import { ingestFiles } from '../apps/server/src/services/corpus/ingest/corpus-ingest.service.ts';
import { BENCH_DATA } from './corpus-ingest.ts';

/** CPU seconds (user + system) of this process's main thread, from /proc (Linux); NaN elsewhere. */
function mainThreadCpuSeconds(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: '1000000' },
    month: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    dir: { type: 'string', default: BENCH_DATA },
    keep: { type: 'boolean', default: false },
  },
});
const base = Number(values.base);
const month = Number(values.month);
const runs = Number(values.runs);
const dir = path.resolve(values.dir);
const log = (message: string) => console.log(`[bench:month] ${message}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const FEBRUARY_2025 = Date.UTC(2025, 1, 1) / 1000;
const MARCH_2025 = Date.UTC(2025, 2, 1) / 1000;

/** Generated files in <dir>/<name>/, made again when the spec changed. */
async function ensureFiles(
  name: string,
  spec: Parameters<typeof writeGeneratedCorpus>[0],
): Promise<string[]> {
  const out = path.join(dir, name);
  const manifest = path.join(out, 'manifest.json');
  const wanted = JSON.stringify({ ...spec, outDir: undefined, generator: 3 });
  const files = [path.join(out, 'RS_generated.ndjson'), path.join(out, 'RC_generated.ndjson')];
  const isCurrent =
    fs.existsSync(manifest) &&
    fs.readFileSync(manifest, 'utf8') === wanted &&
    files.every((f) => fs.existsSync(f));
  if (!isCurrent) {
    const started = performance.now();
    await writeGeneratedCorpus({ ...spec, outDir: out });
    fs.writeFileSync(manifest, wanted);
    log(`generated ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return files;
}

const split = (n: number) => ({ posts: Math.round(n / 5), comments: n - Math.round(n / 5) });

/** The base corpus, bulk-loaded once into <dir>/month-base-<N>.db and checkpointed into the one file. */
async function ensureBase(): Promise<string> {
  const file = path.join(dir, `month-base-${base}.db`);
  const files = await ensureFiles(`corpus-${base}`, { ...split(base), seed: 1, outDir: '' });
  const done = `${file}.done`;
  if (fs.existsSync(file) && fs.existsSync(done)) return file;
  for (const suffix of ['', '-wal', '-shm', '.done']) fs.rmSync(file + suffix, { force: true });
  const handle = createDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(handle.db as Kysely<unknown>);
    const started = performance.now();
    await bulkIngestFiles({ db: handle.db, logger: pino({ level: 'silent' }) }, files, { isSample: true });
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    log(
      `base of ${base.toLocaleString('en-US')} records loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await handle.close();
  }
  fs.writeFileSync(done, '');
  return file;
}

async function main(): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const baseFile = await ensureBase();
  const monthFiles = await ensureFiles(`month-${month}`, {
    ...split(month),
    seed: 7,
    startUtc: FEBRUARY_2025,
    endUtc: MARCH_2025,
    idOffset: base,
    outDir: '',
  });
  const rates: number[] = [];
  /** records per CPU second of the writing thread: what a core of its own would give, whatever the load */
  const threadRates: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const file = path.join(dir, `month-run.db`);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    fs.copyFileSync(baseFile, file);
    const handle = createDatabase(`sqlite:${file}`);
    try {
      const cpuBefore = process.cpuUsage();
      const threadBefore = mainThreadCpuSeconds();
      const started = performance.now();
      const summary = await ingestFiles({ db: handle.db, logger: pino({ level: 'silent' }) }, monthFiles, {
        isSample: true,
      });
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const thread = mainThreadCpuSeconds() - threadBefore;
      threadRates.push(month / thread);
      if (summary.errors.length > 0 || summary.inserted !== month) {
        throw new Error(`the month did not ingest cleanly: ${JSON.stringify(summary)}`);
      }
      rates.push(month / seconds);
      log(
        `run ${run}/${runs}: ${month.toLocaleString('en-US')} records into ${base.toLocaleString('en-US')} in ` +
          `${seconds.toFixed(1)} s = ${Math.round(month / seconds).toLocaleString('en-US')} records/s ` +
          `(CPU s: writing thread ${thread.toFixed(1)}, process ${((cpu.user + cpu.system) / 1e6).toFixed(1)}; ` +
          `${summary.transactions.count} ` +
          `transactions, p95 ${summary.transactions.p95Ms} ms, max ${summary.transactions.maxMs} ms)`,
      );
    } finally {
      await handle.close();
    }
    if (!values.keep) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
  log(
    `median: ${Math.round(median(rates)).toLocaleString('en-US')} records/s adding ${month.toLocaleString('en-US')} ` +
      `records to ${base.toLocaleString('en-US')} (runs: ${rates.map((r) => Math.round(r)).join(', ')}); ` +
      `per CPU second of the writing thread ${Math.round(median(threadRates)).toLocaleString('en-US')}`,
  );
}

await main();
