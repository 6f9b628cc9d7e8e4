import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDryRunThreads, ENV_VARIABLES, loadConfig, readEnvironment, REPO_ROOT } from './config.ts';
import { createLogger, describeDatabase, isPrettyLog } from './lib/logging.ts';
import { missingDatabaseReason } from './lib/startup-errors.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SECRET = { SESSION_SECRET: 'config-test-secret-config-test-secret' };

describe('.env (issue 14)', () => {
  const envFile = path.join(dir, '.env');
  fs.writeFileSync(
    envFile,
    '# a comment\nPORT=9123\nLOG_LEVEL=debug\nDATABASE_URL="sqlite:./from-env-file.db"\n',
  );

  it('applies the variables of the env file', () => {
    const config = loadConfig(readEnvironment({ ...SECRET }, envFile));
    expect(config.http.port).toBe(9123);
    expect(config.logLevel).toBe('debug');
    expect(config.database.url).toBe(`sqlite:${path.join(REPO_ROOT, 'from-env-file.db')}`);
  });

  it('lets a variable of the environment win over the file', () => {
    const config = loadConfig(readEnvironment({ ...SECRET, PORT: '9200', LOG_LEVEL: 'warn' }, envFile));
    expect(config.http.port).toBe(9200);
    expect(config.logLevel).toBe('warn');
    // What the environment does not set still comes from the file.
    expect(config.database.url).toContain('from-env-file.db');
  });

  it('adds nothing when there is no env file, and reads the repository root’s .env by default', () => {
    const env = { ...SECRET, PORT: '9300' };
    expect(readEnvironment(env, path.join(dir, 'missing.env'))).toBe(env);
    expect(loadConfig(readEnvironment(env, path.join(dir, 'missing.env'))).http.port).toBe(9300);
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '../../..'));
    expect(fs.existsSync(path.join(REPO_ROOT, '.env.example'))).toBe(true);
  });

  it('takes .env.example as it is: its empty values mean unset, its defaults are the embedded ones', () => {
    const env = readEnvironment({}, path.join(REPO_ROOT, '.env.example'));
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.PAYPAL_CLIENT_ID).toBeUndefined();
    const fromExample = loadConfig(env, () => 'generated-secret');
    const embedded = loadConfig({}, () => 'generated-secret');
    expect(fromExample).toEqual(embedded);
  });

  it('names every variable the configuration reads in .env.example and in the README', () => {
    const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(ENV_VARIABLES.length).toBeGreaterThan(30);
    expect(ENV_VARIABLES.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
    expect(ENV_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('says which file it could not read', () => {
    expect(() => readEnvironment({}, dir)).toThrow(`Cannot read the settings file ${dir}:`);
  });
});

describe('relative data paths (issue 14)', () => {
  it('resolve DATABASE_URL and STORAGE_DIR from the repository root, wherever the process runs', () => {
    const config = loadConfig({ ...SECRET, DATABASE_URL: 'sqlite:./var/t.db', STORAGE_DIR: 'var/files' });
    expect(config.database.url).toBe(`sqlite:${path.join(REPO_ROOT, 'var/t.db')}`);
    expect(config.storage.dir).toBe(path.join(REPO_ROOT, 'var/files'));
  });

  it('keep the embedded defaults under apps/server/data', () => {
    const config = loadConfig({ ...SECRET });
    expect(config.database.url).toBe(`sqlite:${path.join(REPO_ROOT, 'apps/server/data/threadcart.db')}`);
    expect(config.storage.dir).toBe(path.join(REPO_ROOT, 'apps/server/data/files'));
  });

  it('leave absolute paths, :memory: and PostgreSQL URLs as they are', () => {
    expect(loadConfig({ ...SECRET, DATABASE_URL: 'sqlite:/srv/t.db' }).database.url).toBe('sqlite:/srv/t.db');
    expect(loadConfig({ ...SECRET, DATABASE_URL: 'sqlite::memory:' }).database.url).toBe('sqlite::memory:');
    const pg = 'postgres://app:pw@db:5432/threadcart';
    expect(loadConfig({ ...SECRET, DATABASE_URL: pg }).database.url).toBe(pg);
    expect(loadConfig({ ...SECRET, STORAGE_DIR: '/srv/files' }).storage.dir).toBe('/srv/files');
  });
});

describe('dry-run threads', () => {
  it('are the cores (2 to 4) on SQLite and one fewer (1 to 4) on PostgreSQL, unless DRY_RUN_THREADS says', () => {
    expect([1, 2, 8].map((cores) => defaultDryRunThreads('sqlite', cores))).toEqual([2, 2, 4]);
    expect([1, 2, 3, 8].map((cores) => defaultDryRunThreads('postgres', cores))).toEqual([1, 1, 2, 4]);
    const pg = 'postgres://u@h/d';
    expect(loadConfig({ ...SECRET, DATABASE_URL: pg, DRY_RUN_THREADS: '3' }).dryRun.threads).toBe(3);
  });
});

describe('log format and metrics token settings', () => {
  it('is pretty on a terminal, JSON otherwise, unless LOG_FORMAT says', () => {
    expect(isPrettyLog('auto', true)).toBe(true);
    expect(isPrettyLog('auto', false)).toBe(false);
    expect(isPrettyLog('json', true)).toBe(false);
    expect(isPrettyLog('pretty', false)).toBe(true);
    expect(() => loadConfig({ ...SECRET, LOG_FORMAT: 'xml' })).toThrow(/Invalid setting LOG_FORMAT=xml/);
  });

  it('writes JSON lines when not pretty', () => {
    const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, false);
    expect(typeof logger.info).toBe('function');
    expect(logger.level).toBe('info');
  });

  it('refuses a short METRICS_TOKEN without showing it', () => {
    expect(() => loadConfig({ ...SECRET, METRICS_TOKEN: 'short' })).toThrow(
      'Invalid setting METRICS_TOKEN (value hidden): too small',
    );
    expect(loadConfig({ ...SECRET, METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(loadConfig({ ...SECRET }).metricsToken).toBeUndefined();
  });
});

describe('the database in the start log and the missing-database line', () => {
  it('names the database without a password', () => {
    const sqlite = loadConfig({ ...SECRET, DATABASE_URL: 'sqlite:/srv/t.db' });
    expect(describeDatabase(sqlite)).toBe('SQLite /srv/t.db');
    const pg = loadConfig({
      ...SECRET,
      DATABASE_URL: 'postgres://app:hunter2@db.example:6543/threadcart',
      DATABASE_SCHEMA: 'shop',
    });
    expect(describeDatabase(pg)).toBe('PostgreSQL db.example:6543/threadcart (user app, schema shop)');
    expect(describeDatabase(pg)).not.toContain('hunter2');
  });

  it('says how to create a missing PostgreSQL database', () => {
    expect(missingDatabaseReason('postgres://postgres:pw@127.0.0.1:5432/shop')).toBe(
      'database "shop" does not exist; create it with: createdb -h 127.0.0.1 -p 5432 -U postgres shop',
    );
    expect(missingDatabaseReason("postgres://db/it's")).toBe(
      `database "it's" does not exist; create it with: createdb -h db 'it'\\''s'`,
    );
  });
});

describe('TRUST_PROXY', () => {
  const config = (value?: string) =>
    loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }, () =>
      'x'.repeat(32),
    );
  it('is off unless set, and takes a hop count or proxy addresses', () => {
    expect(config().http.trustProxy).toBe(false);
    expect(config('1').http.trustProxy).toBe(1);
    expect(config('127.0.0.1, 10.0.0.0/8').http.trustProxy).toBe('127.0.0.1, 10.0.0.0/8');
  });
  it('refuses anything else with one line naming the setting', () => {
    expect(() => config('everyone')).toThrow(/^Invalid setting TRUST_PROXY=everyone: must be a hop count/);
  });
});

describe('SMTP_URL and MAIL_FROM (decision 037)', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', ...env }, () => 'x'.repeat(32));
  it('are unset by default: the outbox is the transport, and mail comes from no-reply at APP_URL’s host', () => {
    expect(config({}).mail).toEqual({ smtpUrl: undefined, from: 'Threadcart <no-reply@localhost>' });
    expect(config({ APP_URL: 'https://threadcart.example/' }).mail.from).toBe(
      'Threadcart <no-reply@threadcart.example>',
    );
  });
  it('take an smtp:// or smtps:// URL and an address with or without a name', () => {
    const mail = config({ SMTP_URL: 'smtps://app:pw@mail.example:465', MAIL_FROM: 'shop@example.com' }).mail;
    expect(mail).toEqual({ smtpUrl: 'smtps://app:pw@mail.example:465', from: 'shop@example.com' });
    expect(config({ SMTP_URL: 'smtp://mail.example?requireTLS=true' }).mail.smtpUrl).toBe(
      'smtp://mail.example?requireTLS=true',
    );
  });
  it('refuse anything else with one line naming the setting, the password removed', () => {
    for (const bad of ['mail.example:25', 'http://mail.example', 'smtp://']) {
      expect(() => config({ SMTP_URL: bad })).toThrow(/^Invalid setting SMTP_URL=.*: must be smtp:\/\//);
    }
    expect(() => config({ SMTP_URL: 'https://app:hunter2@mail.example' })).toThrow(
      /^Invalid setting SMTP_URL=https:\/\/app(:)?@mail\.example\/?: must be smtp:\/\//,
    );
    expect(() => config({ MAIL_FROM: 'Threadcart' })).toThrow(
      /^Invalid setting MAIL_FROM=Threadcart: must be an address/,
    );
  });
});
