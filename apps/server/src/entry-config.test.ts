import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { MIGRATIONS } from './db/migrations/index.ts';

// The real server entry (`node --import tsx src/main.ts`, as `npm start` runs it, from apps/server): its start log
// names the database (no password) and the migrations it ran; relative data paths resolve from the repository root
// (issue 14). A PostgreSQL database that does not exist: entry-startup.test.ts.

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-entry-config-'));
const children = new Set<number>();
afterAll(() => {
  for (const pid of children) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Started {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs main.ts until it logs that it listens (then stops it with SIGTERM) or exits by itself. */
function runServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src', 'main.ts')], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      SESSION_SECRET: 'entry-config-secret-entry-config-secret',
      SAMPLE_CORPUS: 'off',
      RUN_WORKER: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DRY_RUN_THREADS: '1',
      ...env,
    },
    detached: true,
  });
  children.add(child.pid!);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('Threadcart is listening')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('server start-up', () => {
  it('resolves a relative SQLite path from the repository root and logs the database and its migrations', async () => {
    const file = path.join(dir, 'start.db');
    // Relative to the repository root; from apps/server (where the process runs) the same text names another file.
    const relative = path.relative(REPO_ROOT, file);
    const storage = path.relative(REPO_ROOT, path.join(dir, 'files'));
    const first = await runServer({ DATABASE_URL: `sqlite:${relative}`, STORAGE_DIR: storage });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'files'))).toBe(true);
    const announced = first.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; database?: string; migrations?: string[] })
      .find((line) => line.msg.startsWith('Database '));
    expect(announced?.database).toBe(`SQLite ${file}`);
    expect(announced?.migrations).toEqual(Object.keys(MIGRATIONS));
    expect(announced?.msg).toContain(
      `ran ${Object.keys(MIGRATIONS).length} migrations: 20261122000100_create-accounts`,
    );

    const second = await runServer({ DATABASE_URL: `sqlite:${relative}`, STORAGE_DIR: storage });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`"msg":"Database SQLite ${file}: no migration to run"`);
  }, 60_000);
});
