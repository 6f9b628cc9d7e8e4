import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/test-database.ts';
import { redactUrl } from './lib/startup-errors.ts';

// Each bad setting is given to the real entry (`node --import tsx src/<entry>.ts`, as `npm start` runs it), which
// must exit with status 1 and one line on stderr naming the setting and the reason, without a stack trace
// (docs/security.md, item 6).
//
// Read-only cases: root ignores file modes, so when the suite runs as root the entry runs as `nobody` (uid/gid
// 65534, which needs CAP_SETUID, as root in a container has) and the modes apply; otherwise the modes apply to the
// suite's own user. Uncreatable paths use a directory under a regular file (ENOTDIR), which stops root too.

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-startup-'));
fs.chmodSync(dir, 0o755);
const groups = new Set<number>();
afterAll(() => {
  // Only the process groups this file started, should an entry have left a process behind.
  for (const pid of groups) if (isGroupAlive(pid)) process.kill(-pid, 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly lines: string[];
  readonly stderr: string;
  readonly pid: number;
}

function runEntry(
  entry: string,
  env: Record<string, string>,
  { args = [] as string[], asNobody = false } = {},
): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src', entry), ...args], {
    cwd: SERVER_ROOT,
    // A fresh environment: nothing of the suite's own DATABASE_URL or TEST_DATABASE_URL leaks in.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      SESSION_SECRET: 'startup-test-secret-startup-test-secret',
      SAMPLE_CORPUS: 'off',
      RUN_WORKER: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      STORAGE_DIR: path.join(dir, 'files'),
      ...env,
    },
    detached: true,
    ...(asNobody && IS_ROOT ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  groups.add(child.pid!);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, lines: stderr.split('\n').filter(Boolean), pid: child.pid! }),
    ),
  );
}

function isGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Exit 1, exactly one line on stderr that holds every text and matches every pattern, and no trace of a stack. */
function expectOneLine(run: Run, ...expected: Array<string | RegExp>) {
  expect({ code: run.code, lines: run.lines }).toEqual({ code: 1, lines: [expect.any(String)] });
  for (const part of expected) {
    if (typeof part === 'string') expect(run.lines[0]).toContain(part);
    else expect(run.lines[0]).toMatch(part);
  }
  expect(run.stderr).not.toMatch(/^\s+at |node:internal|Error:/m);
}

function sqliteFile(name: string, mode?: number): string {
  const file = path.join(dir, name);
  new SQLite(file).exec('create table t (x)').close();
  if (mode !== undefined) fs.chmodSync(file, mode);
  return file;
}

/** A directory the entry (run as `nobody` under root) may write to. */
function writableDir(name: string): string {
  const target = path.join(dir, name);
  fs.mkdirSync(target, { mode: 0o777 });
  fs.chmodSync(target, 0o777);
  return target;
}

/** A TCP port on 127.0.0.1 that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.concurrent('start-up errors are one line naming the setting, exit status 1', () => {
  it('server: invalid setting values, one line per setting, secrets not shown', async () => {
    const run = await runEntry('main.ts', { PORT: 'abc', LOG_LEVEL: 'loud', SESSION_SECRET: 'short-secret' });
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      expect.stringMatching(/^Invalid setting PORT=abc: expected number/),
      expect.stringMatching(/^Invalid setting SESSION_SECRET \(value hidden\): too small/),
      expect.stringMatching(/^Invalid setting LOG_LEVEL=loud: expected one of/),
    ]);
    expect(run.stderr).not.toContain('short-secret');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('server: a corrupt database file', async () => {
    const file = path.join(dir, 'corrupt.db');
    fs.writeFileSync(file, 'this is not a SQLite file, whatever its name says. '.repeat(40));
    const run = await runEntry('main.ts', { DATABASE_URL: `sqlite:${file}` });
    expectOneLine(run, /^Cannot open the database /, `DATABASE_URL=sqlite:${file}: `, /not a database/);
  });

  it('worker: a directory as the database', async () => {
    const database = path.join(dir, 'a-directory.db');
    fs.mkdirSync(database);
    const run = await runEntry('worker.ts', { DATABASE_URL: `sqlite:${database}` });
    expectOneLine(run, `DATABASE_URL=sqlite:${database}: `, /is a directory/);
  });

  it('server: a read-only database file', async () => {
    const file = sqliteFile('read-only.db', 0o444);
    const run = await runEntry('main.ts', { DATABASE_URL: `sqlite:${file}` }, { asNobody: true });
    expectOneLine(run, `DATABASE_URL=sqlite:${file}: `, 'read-only (permission denied)');
  });

  it('server: a read-only STORAGE_DIR', async () => {
    const writable = writableDir('for-read-only-storage');
    const storage = path.join(dir, 'read-only-files');
    fs.mkdirSync(storage, { mode: 0o555 });
    fs.chmodSync(storage, 0o555);
    const run = await runEntry(
      'main.ts',
      { DATABASE_URL: `sqlite:${path.join(writable, 'ok.db')}`, STORAGE_DIR: storage },
      { asNobody: true },
    );
    expectOneLine(run, `STORAGE_DIR=${storage}: cannot write there (permission denied).`);
  });

  it('server: a STORAGE_DIR that cannot be created (a regular file in its path)', async () => {
    const blocker = path.join(dir, 'a-regular-file');
    fs.writeFileSync(blocker, '');
    const storage = path.join(blocker, 'files');
    const run = await runEntry('main.ts', {
      DATABASE_URL: `sqlite:${path.join(dir, 'storage-case.db')}`,
      STORAGE_DIR: storage,
    });
    expectOneLine(run, `STORAGE_DIR=${storage}: cannot create it: ${blocker} is a file, not a directory.`);
  });

  it('server and CLI: PostgreSQL unreachable, the password removed', async () => {
    const port = await closedPort();
    const env = { DATABASE_URL: `postgres://threadcart:pw-s3cret@127.0.0.1:${port}/threadcart` };
    const [server, cli] = await Promise.all([
      runEntry('main.ts', env),
      runEntry('cli.ts', env, { args: ['db:migrate'] }),
    ]);
    for (const run of [server, cli]) {
      expectOneLine(
        run,
        `DATABASE_URL=postgres://threadcart@127.0.0.1:${port}/threadcart: `,
        `connection refused at 127.0.0.1:${port}.`,
      );
      expect(run.stderr).not.toContain('pw-s3cret');
    }
  });

  it.runIf(TEST_DATABASE_URL)('server: a PostgreSQL database that does not exist', async () => {
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = '/threadcart_no_such_database';
    url.password = 'never-shown';
    const run = await runEntry('main.ts', { DATABASE_URL: url.toString() });
    expect(run.stderr).not.toContain('never-shown');
    expectOneLine(
      run,
      `DATABASE_URL=${redactUrl(url.toString())}: database "threadcart_no_such_database" does not exist; ` +
        `create it with: createdb -h ${url.hostname} -p ${url.port || '5432'} -U ${url.username} ` +
        'threadcart_no_such_database.',
    );
  });

  it('server: a busy port, and no worker is left behind', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const run = await runEntry('main.ts', {
        DATABASE_URL: `sqlite:${path.join(dir, 'busy-port.db')}`,
        PORT: String(port),
        RUN_WORKER: 'true',
      });
      expectOneLine(run, `Cannot listen on HOST=127.0.0.1 PORT=${port}: the address is already in use`);
      // The worker starts only after the server listens: nothing of the process group outlives the server. (tsx's
      // esbuild service, a child of the entry, ends a moment after it: give the group up to 3 s.)
      for (let i = 0; i < 30 && isGroupAlive(run.pid); i++) await new Promise((r) => setTimeout(r, 100));
      expect(isGroupAlive(run.pid)).toBe(false);
    } finally {
      taken.close();
    }
  });
});
