import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { writeGeneratedCorpus } from '../corpus/generate.ts';
import { corpusSnapshot, expectedReplies } from '../../test/fixtures/corpus/corpus-snapshot.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { ingestFiles, INGEST_BATCH_SIZE } from './corpus-ingest.service.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-crash-'));
const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function startIngest(database: TestDatabase, files: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'corpus', 'ingest', ...files], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
      LOG_LEVEL: 'silent',
      SAMPLE_CORPUS: 'off',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

async function countComments(database: TestDatabase): Promise<number> {
  const row = await database.db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

it('kill -9 in the middle of an ingest leaves whole batches only, and a re-run gives the uninterrupted corpus', async () => {
  const files = await writeGeneratedCorpus({ posts: 2000, comments: 30_000, seed: 11, outDir: dir });
  const paths = [files.postsFile, files.commentsFile];
  const crashed = await createTestDatabase();
  const clean = await createTestDatabase();
  opened.push(crashed, clean);

  const first = startIngest(crashed, paths);
  let seen = 0;
  while (seen === 0) {
    if (first.child.exitCode !== null) throw new Error(`ingest ended before the kill: ${first.output()}`);
    await new Promise((r) => setTimeout(r, 10));
    seen = await countComments(crashed);
  }
  first.child.kill('SIGKILL');
  expect((await first.exited).signal).toBe('SIGKILL');
  const afterKill = await countComments(crashed);
  expect(afterKill).toBeGreaterThan(0);
  expect(afterKill).toBeLessThan(30_000);
  expect(afterKill % INGEST_BATCH_SIZE).toBe(0); // no half batch

  const rerun = startIngest(crashed, paths);
  expect((await rerun.exited).code).toBe(0);
  expect(rerun.output()).toMatch(/read 32,000, inserted [\d,]+, updated 0, unchanged [\d,]+, skipped 0/);
  expect(rerun.output()).toContain(`unchanged ${(2000 + afterKill).toLocaleString('en-US')}`);

  await ingestFiles(clean, paths);
  const expected = await corpusSnapshot(clean.db);
  const actual = await corpusSnapshot(crashed.db);
  expect(actual.posts.length).toBe(2000);
  expect(actual.comments.length).toBe(30_000);
  expect(actual).toEqual(expected);
  const replies = expectedReplies(actual.comments as { id: string; parent_id: string }[]);
  expect(actual.comments.every((c) => c.replies === (replies.get(c.id as string) ?? 0))).toBe(true);
}, 180_000);
