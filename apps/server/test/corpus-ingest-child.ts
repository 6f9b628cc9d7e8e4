// The corpus CLI's ingest as a child process, for the tests that kill it mid-load (kill -9) and check what it left.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestDatabase } from './test-database.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `corpus ingest [options] <files>` against the test database, its output collected. */
export function startIngestChild(database: TestDatabase, files: string[], options: string[] = []) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'corpus', 'ingest', ...options, ...files],
    {
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
    },
  );
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

/**
 * Starts `corpus ingest [options] <files>`, kills it with SIGKILL as soon as its first comments are stored, and
 * answers how it ended and how many comments it left.
 */
export async function killIngestMidLoad(database: TestDatabase, files: string[], options: string[] = []) {
  const first = startIngestChild(database, files, options);
  let seen = 0;
  while (seen === 0) {
    if (first.child.exitCode !== null) throw new Error(`ingest ended before the kill: ${first.output()}`);
    await new Promise((r) => setTimeout(r, 10));
    seen = await countComments(database);
  }
  first.child.kill('SIGKILL');
  const { signal } = await first.exited;
  return { signal, afterKill: await countComments(database) };
}
