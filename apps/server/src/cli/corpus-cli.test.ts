import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/build-test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createDeps } from '../deps.ts';
import { deferCorpusObjects } from '../db/repositories/corpus/ingest/corpus-bulk.repository.ts';
import { isCorpusBulkLoading } from '../services/corpus/ingest/corpus-deferred.service.ts';
import { withIngestLock } from '../services/corpus/ingest/corpus-ingest.service.ts';
import { runCorpusCli, USAGE } from './corpus-cli.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
  return () => database.close();
});

/** The test database as settings: on PostgreSQL its schema too, which ingest's COPY connection must work in. */
const databaseSettings = () => ({
  DATABASE_URL: database.url,
  ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
});

async function run(argv: string[], isTty = false, cwd = process.cwd()) {
  let stdout = '';
  let stderr = '';
  const code = await runCorpusCli(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTty,
    cwd,
    createDeps: async () => {
      const deps = await createDeps(testConfig(databaseSettings()), {
        database,
        logger: pino({ level: 'silent' }),
        migrate: false,
      });
      return { ...deps, close: async () => undefined };
    },
  });
  return { code, stdout, stderr };
}

async function countPosts(): Promise<number> {
  const row = await database.db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('corpus CLI', () => {
  it('answers a usage error with exit code 2 and the usage text', async () => {
    for (const argv of [
      [],
      ['frob'],
      ['ingest'],
      ['generate', '--posts', '5'],
      ['generate', '--posts', 'x', '--comments', '1'],
      ['stats', '--bogus'],
      ['ingest', '--finish', 'file.ndjson'],
      ['ingest', '--finish', '--bulk'],
    ]) {
      const result = await run(argv);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(USAGE);
    }
  });

  it('prints the usage for --help with exit code 0', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, stdout: USAGE, stderr: '' });
  });

  it('generates files, ingests them with one summary line, and prints stats', async () => {
    const out = path.join(dir, 'gen');
    const generated = await run([
      'generate',
      '--posts',
      '40',
      '--comments',
      '160',
      '--seed',
      '3',
      '--out',
      out,
    ]);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain('Generated 40 posts and 160 comments (seed 3)');
    expect(fs.existsSync(path.join(out, 'RS_generated.ndjson'))).toBe(true);

    const ingested = await run(['ingest', out, '--sample']);
    expect(ingested.code).toBe(0);
    expect(ingested.stderr).toBe('');
    expect(ingested.stdout.trim().split('\n')).toHaveLength(1);
    expect(ingested.stdout).toMatch(
      /^Ingested 2 files: read 200, inserted 200, updated 0, unchanged 0, skipped 0 \(/,
    );

    const stats = await run(['stats', '--top', '3']);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toContain('Corpus: 40 posts, 160 comments — generated sample data');
    expect(stats.stdout).toMatch(/Subreddit \(top 3\)\s+posts\s+comments\n(.+\n){3}\n/);
    expect(stats.stdout).toMatch(/\n20\d\d-\d\d\s+\d+\s+\d+\n/);
    const sizes = await run(['sizes']);
    expect(sizes.code).toBe(0);
    expect(sizes.stdout).toContain('Corpus: 40 posts, 160 comments');
    expect(sizes.stdout).toMatch(/\ncomments\s+table\s+[\d.]+\s+[\d,]+\s+[\d,]+\n/);
    expect(sizes.stdout).toMatch(/\nposts_created_idx\s+index\s/);
    const sized = JSON.parse((await run(['sizes', '--json'])).stdout) as {
      records: number;
      totalBytes: number;
    };
    expect(sized.records).toBe(200);
    expect(sized.totalBytes).toBeGreaterThan(0);
    const json = JSON.parse((await run(['stats', '--json'])).stdout) as { state: string; byMonth: unknown[] };
    expect(json.state).toBe('all');
    expect(json.byMonth.length).toBeGreaterThan(5);
  });

  it('resolves relative paths against the directory the command was typed in', async () => {
    const generated = await run(
      ['generate', '--posts', '2', '--comments', '0', '--out', 'rel-gen'],
      false,
      dir,
    );
    expect(generated.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'rel-gen', 'RS_generated.ndjson'))).toBe(true);
    const ingested = await run(['ingest', 'rel-gen/RS_generated.ndjson'], false, dir);
    expect(ingested.code).toBe(0);
    expect(ingested.stdout).toMatch(/read 2\b/);
  });

  it('reports skipped lines with reasons and places, and exits 1 when a file cannot be read', async () => {
    const file = path.join(dir, 'bad.ndjson');
    fs.writeFileSync(file, '{"id":"a","title":"t","created_utc":5}\n{bad\n');
    const ok = await run(['ingest', file]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`skipped 1 (invalid_json 1: ${file}:2)`);
    const missing = await run(['ingest', file, path.join(dir, 'missing.ndjson')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`error: ${path.join(dir, 'missing.ndjson')}: no such file or directory`);
    expect(missing.stdout).toContain('1 file error');
  });

  /** Another ingest holding the corpus load lock until `release` is called; `other` ends when it has let go. */
  async function holdIngestLock() {
    let release!: () => void;
    let isHeld!: () => void;
    const held = new Promise<void>((resolve) => (isHeld = resolve));
    const other = withIngestLock({ config: testConfig(databaseSettings()), db: database.db }, () => {
      isHeld();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    return { release, other };
  }

  it('waits while another ingest holds the corpus load lock, and says so', async () => {
    const file = path.join(dir, 'wait.ndjson');
    fs.writeFileSync(file, '{"id":"w1","title":"t","created_utc":5}\n');
    const { release, other } = await holdIngestLock();
    let isDone = false;
    const waiting = run(['ingest', file]).finally(() => (isDone = true));
    await new Promise((r) => setTimeout(r, 600));
    expect(isDone).toBe(false);
    expect(await countPosts()).toBe(0);
    release();
    await other;
    const result = await waiting;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Another ingest (or the sample corpus load) is running; waiting');
    expect(await countPosts()).toBe(1);
  });

  it('bulk-loads with --bulk (naming each index it builds), waits for the lock, and finishes a deferral with --finish', async () => {
    expect(USAGE).toContain('--bulk');
    expect(USAGE).toContain('ingest --finish');
    const file = path.join(dir, 'bulk.ndjson');
    fs.writeFileSync(
      file,
      '{"id":"b1","title":"bulk one","created_utc":5}\n{"id":"b2","title":"two","created_utc":6}\n',
    );
    const { release, other } = await holdIngestLock();
    let isDone = false;
    const waiting = run(['ingest', file, '--bulk']).finally(() => (isDone = true));
    await new Promise((r) => setTimeout(r, 600));
    expect(isDone).toBe(false);
    expect(await isCorpusBulkLoading(database)).toBe(false); // nothing deferred before the lock is held
    release();
    await other;
    const bulk = await waiting;
    expect(bulk.code).toBe(0);
    expect(bulk.stderr).toContain('Another ingest (or the sample corpus load) is running; waiting');
    expect(bulk.stderr).toMatch(/^deferred \d+ indexes/m);
    expect(bulk.stderr).toContain('building index posts_created_idx…\n');
    expect(bulk.stdout).toMatch(/^Ingested 1 file: read 2, inserted 2/);
    expect(bulk.stdout).toMatch(/\nBulk load: [\d.]+ s loading, [\d.]+ s building \d+ deferred indexes\.\n$/);
    expect(await isCorpusBulkLoading(database)).toBe(false);

    expect(await run(['ingest', '--finish'])).toMatchObject({
      code: 0,
      stdout: 'Nothing was deferred: every corpus index is in place.\n',
    });
    await deferCorpusObjects(database.db, new Date().toISOString());
    expect(await isCorpusBulkLoading(database)).toBe(true);
    const finished = await run(['ingest', '--finish']);
    expect(finished.code).toBe(0);
    expect(finished.stderr).toContain('building index posts_created_idx…');
    expect(finished.stdout).toMatch(/^Built the deferred indexes in [\d.]+ s\.\n$/);
    expect(await isCorpusBulkLoading(database)).toBe(false);
  });

  it('draws a progress bar on a terminal and explains the skip reasons', async () => {
    const file = path.join(dir, 'tty.ndjson');
    fs.writeFileSync(file, '{"id":"a","title":"t","created_utc":5}\n{bad\n');
    const result = await run(['ingest', file], true);
    expect(result.stderr).toMatch(
      /\r\[#+-*\]\s+\d+% \d+ records · [\d,]+ records\/s · ETA \d+:\d\d · tty\.ndjson \(1\/1\)/,
    );
    expect(result.stderr).toContain('invalid_json: the line is not valid JSON');
    expect(result.stdout).toMatch(/^Ingested 1 file: read 2/);
  });
});
