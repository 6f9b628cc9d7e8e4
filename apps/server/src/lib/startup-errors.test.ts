import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/build-test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { createLocalFileStorage } from '../storage/local-file-storage.ts';
import {
  explainListenError,
  explainStartupError,
  formatSetting,
  makeDirectory,
  redactUrl,
  runStartup,
  StartupError,
} from './startup-errors.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-startup-unit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const postgresConfig = testConfig({ DATABASE_URL: 'postgres://app:hunter2@db.example:5432/threadcart' });

describe('start-up error messages', () => {
  it('removes passwords from URLs and quotes only values that need it', () => {
    expect(redactUrl('postgres://app:hunter2@db:5432/x')).toBe('postgres://app@db:5432/x');
    expect(redactUrl('postgres://app@db/x?password=hunter2&sslmode=disable')).toBe(
      'postgres://app@db/x?sslmode=disable',
    );
    expect(redactUrl('sqlite:./data/x.db')).toBe('sqlite:./data/x.db');
    expect(formatSetting('PORT', '80')).toBe('PORT=80');
    expect(formatSetting('HOST', '')).toBe('HOST=""');
    expect(formatSetting('STORAGE_DIR', '/my files')).toBe('STORAGE_DIR="/my files"');
  });

  it('names every invalid setting on its own line and never shows a secret', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: '99999', SESSION_SECRET: 'too-short', DATABASE_URL: 'mysql://u:pw@h/x' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.split('\n')).toEqual([
      expect.stringMatching(/^Invalid setting PORT=99999: too big/),
      expect.stringMatching(/^Invalid setting SESSION_SECRET \(value hidden\): too small/),
    ]);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:pw@h/x' })).toThrow(
      'Invalid setting DATABASE_URL=mysql://u@h/x: must start with sqlite: or postgres://.',
    );
  });

  it('explains an unreachable or refusing PostgreSQL through the cause chain', () => {
    const refused = new AggregateError(
      [
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { address: '::1', port: 5432 }),
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { address: '127.0.0.1', port: 5432 }),
      ],
      'connect ECONNREFUSED',
    );
    Object.assign(refused, { code: 'ECONNREFUSED' });
    const migration = new Error('Migration  failed: connect ECONNREFUSED', { cause: refused });
    expect(explainStartupError(migration, postgresConfig)?.message).toBe(
      'Cannot open the database DATABASE_URL=postgres://app@db.example:5432/threadcart: ' +
        'connection refused at ::1:5432, 127.0.0.1:5432.',
    );
    const auth = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' });
    expect(explainStartupError(auth, postgresConfig)?.message).toMatch(
      /threadcart: password authentication failed for user "app"\.$/,
    );
    const missingHost = Object.assign(new Error('getaddrinfo ENOTFOUND db.example'), {
      code: 'ENOTFOUND',
      hostname: 'db.example',
    });
    expect(explainStartupError(missingHost, postgresConfig)?.message).toMatch(
      /: host db.example not found\.$/,
    );
  });

  it('leaves unexpected errors alone, so they keep their stack', async () => {
    const bug = new TypeError('cannot read properties of undefined');
    expect(explainStartupError(bug, postgresConfig)).toBeUndefined();
    const constraint = Object.assign(new Error('UNIQUE constraint failed'), {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(explainStartupError(constraint, testConfig())).toBeUndefined();
    await expect(runStartup(() => Promise.reject(bug), postgresConfig)).rejects.toBe(bug);
  });

  it('names HOST and PORT when the server cannot listen', () => {
    const busy = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(explainListenError(busy, '0.0.0.0', 8080)?.message).toMatch(
      /^Cannot listen on HOST=0\.0\.0\.0 PORT=8080: the address is already in use/,
    );
    expect(explainListenError(new Error('other'), '0.0.0.0', 8080)).toBeUndefined();
  });
});

describe('opening the database and the file storage', () => {
  it('reports the file in the way, not the directory asked for', () => {
    const blocker = path.join(dir, 'blocker');
    fs.writeFileSync(blocker, '');
    expect(() => makeDirectory(path.join(blocker, 'a', 'b'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR', path: blocker }),
    );
    makeDirectory(path.join(dir, 'x', 'y'));
    expect(fs.statSync(path.join(dir, 'x', 'y')).isDirectory()).toBe(true);
  });

  it('turns a directory or a corrupt file as the SQLite database into a StartupError', () => {
    const directory = path.join(dir, 'directory.db');
    fs.mkdirSync(directory);
    expect(() => createDatabase(`sqlite:${directory}`)).toThrow(
      new StartupError(
        `Cannot open the database DATABASE_URL=sqlite:${directory}: it is a directory, not a file.`,
      ),
    );
    const corrupt = path.join(dir, 'corrupt.db');
    fs.writeFileSync(corrupt, 'x'.repeat(4096));
    expect(() => createDatabase(`sqlite:${corrupt}`)).toThrow(/: the file is not a database.*SQLITE_NOTADB/);
  });

  it('refuses a STORAGE_DIR it cannot create, naming it', () => {
    const blocker = path.join(dir, 'storage-blocker');
    fs.writeFileSync(blocker, '');
    expect(() => createLocalFileStorage(path.join(blocker, 'files'))).toThrow(
      `Cannot use the file storage STORAGE_DIR=${blocker}/files: cannot create it: ${blocker} is a file, not a directory.`,
    );
    const storage = createLocalFileStorage(path.join(dir, 'files'));
    expect(fs.readdirSync(path.join(dir, 'files', '.tmp'))).toEqual([]);
    expect(storage).toBeDefined();
  });
});
