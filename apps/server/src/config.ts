import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { formatSetting, redactUrl, StartupError } from './lib/startup-errors.ts';

/** The repository's root: where `npm start` is typed, where `.env` sits and what relative data paths start from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // npm sets INIT_CWD to where `npm run …` was typed; workspace scripts run elsewhere.
  INIT_CWD: z.string().optional(),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  APP_URL: z.url().optional(),
  INTERNAL_URL: z.url().optional(),
  // The embedded defaults keep the data where it always was, under apps/server/data.
  DATABASE_URL: z.string().default('sqlite:./apps/server/data/threadcart.db'),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier')
    .optional(),
  STORAGE_DIR: z.string().default('./apps/server/data/files'),
  SESSION_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(14),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(512 * 1024),
  // Which proxies may say who the client is (X-Forwarded-For): a hop count, or addresses/CIDRs separated by commas.
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9A-Fa-f:./]+(,\s*[0-9A-Fa-f:./]+)*)$/,
      'must be a hop count or addresses/CIDRs separated by commas',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  METRICS_TOKEN: z.string().min(16).optional(),
  WEB_DIST_DIR: z.string().default('../web/dist'),
  RUN_WORKER: z.enum(['true', 'false']).default('true'),
  WORKER_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  WORKER_LEASE_MS: z.coerce.number().int().min(500).default(30_000),
  WORKER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  WORKER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(5_000),
  WORKER_RECORD_DELAY_MS: z.coerce.number().int().min(0).default(0),
  WORKER_MAX_OLD_SPACE_MB: z.coerce.number().int().min(128).optional(),
  ORDER_SEARCH_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(15 * 60_000),
  // 5 full scans a day of a 10M-record corpus (about 11 minutes of worker time at 75,000 records/s), decision 038.
  SCAN_RECORDS_PER_USER_PER_DAY: z.coerce.number().int().min(0).default(50_000_000),
  // A literal-free regex over 10M records on PostgreSQL, the slower dialect: 130 s (bench/RESULTS.md), decision 038.
  SCAN_RECORDS_PER_SECOND: z.coerce.number().int().min(1).default(75_000),
  // Large orders (docs/decisions/045-large-orders.md): their most records, their rate, the records of a file part.
  MAX_ORDER_RECORDS: z.coerce.number().int().min(1_000).default(1_000_000),
  LARGE_ORDER_RECORDS_PER_SECOND: z.coerce.number().int().min(1).default(5_000),
  LARGE_ORDER_PART_RECORDS: z.coerce.number().int().min(100).default(50_000),
  DRY_RUN_BUDGET_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  DRY_RUN_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  DRY_RUN_MAX_QUEUE: z.coerce.number().int().min(1).default(64),
  DRY_RUN_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  PAGE_VIEWS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  REMOVAL_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  SIGNUPS_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(300),
  DRY_RUNS_PER_USER_AT_ONCE: z.coerce.number().int().min(1).max(16).default(2),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(72_000),
  RETENTION_DAYS: z.coerce.number().int().positive().default(90),
  SAMPLE_CORPUS: z.enum(['auto', 'off']).default('auto'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_BASE_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYMENTS_SIMULATOR: z.enum(['auto', 'allow']).default('auto'),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'must be smtp://[user:password@]host[:port] or smtps://[user:password@]host[:port]')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>\r\n"]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'must be an address (no-reply@example.com) or a name and an address (Threadcart <no-reply@example.com>)',
    )
    .optional(),
});

/** smtp:// or smtps:// with a host (and maybe a user, a password, a port and nodemailer options as query). */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Every setting an operator may give (`.env.example` and the README list each one); npm sets INIT_CWD itself. */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape).filter(
  (name) => name !== 'INIT_CWD',
);

export type DatabaseDialect = 'sqlite' | 'postgres';

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly http: {
    readonly host: string;
    readonly port: number;
    readonly bodyLimit: number;
    /**
     * Fastify's trustProxy: false (the default: the client is the socket's peer), a hop count, or the proxies'
     * addresses. Behind a reverse proxy it must be set, or every client shares the proxy's address for the
     * per-address limits (sign-in, sign-up, page views).
     */
    readonly trustProxy: false | number | string;
    /** How this server reaches itself (the worker and the adapter calling the mounted PayPal simulator). */
    readonly internalUrl: string;
    /** Whole request received within (slow senders are cut off: 408). */
    readonly requestTimeoutMs: number;
    /** A socket idle this long is closed. */
    readonly connectionTimeoutMs: number;
    /** An idle keep-alive connection is closed after this (above a proxy's own, so the proxy closes first). */
    readonly keepAliveTimeoutMs: number;
  };
  readonly appUrl: string;
  /** `schema`: PostgreSQL only, the schema every connection works in (tests and the worker-kill test use it). */
  readonly database: {
    readonly dialect: DatabaseDialect;
    readonly url: string;
    readonly schema: string | undefined;
  };
  readonly storage: { readonly dir: string };
  readonly auth: {
    readonly secret: string;
    readonly isSecretGenerated: boolean;
    readonly accessTtlSeconds: number;
    readonly refreshTtlDays: number;
  };
  /** Where the command was typed: relative paths given on the command line resolve against it. */
  readonly invocationDir: string;
  readonly logLevel: string;
  /** auto: pretty lines on a terminal, JSON otherwise. */
  readonly logFormat: 'auto' | 'pretty' | 'json';
  /** The bearer token `GET /metrics` requires; undefined: no metrics endpoint (404). */
  readonly metricsToken: string | undefined;
  readonly webDistDir: string;
  readonly runWorker: boolean;
  readonly worker: {
    readonly pollIntervalMs: number;
    readonly leaseMs: number;
    readonly maxAttempts: number;
    readonly retryBaseMs: number;
    /** Slows file writing per record: only for failure tests and demos of progress. */
    readonly recordDelayMs: number;
    /** An order whose search runs longer fails with a message that says so (its credits go back). */
    readonly searchTimeoutMs: number;
    /** The forked worker's V8 old space (--max-old-space-size); undefined: V8's default (decision 045). */
    readonly maxOldSpaceMb: number | undefined;
  };
  /** Orders that no index narrows (docs/decisions/038-scan-lane-and-budget.md). */
  readonly scan: {
    /** Records a user's full-scan orders may read per day (UTC); a scan order past it gets 429 scan_budget_spent. */
    readonly recordsPerUserPerDay: number;
    /** How fast a full scan reads, for the dry run's "about N minutes". */
    readonly recordsPerSecond: number;
  };
  /** Large orders (docs/decisions/045-large-orders.md). */
  readonly largeOrders: {
    /** The most records a large order may hold (MAX_ORDER_RECORDS). */
    readonly maxRecords: number;
    /** How fast a large order is written, for the dry run's expected time. */
    readonly recordsPerSecond: number;
    /** Records a file part holds: the most a restart writes again. */
    readonly partRecords: number;
  };
  /** Dry runs: their time budget, the threads that run them and how many may wait for a thread. */
  readonly dryRun: {
    readonly budgetMs: number;
    readonly threads: number;
    readonly maxQueue: number;
    /** Dry runs one user may have running at once; a newer one cancels the user's oldest. */
    readonly perUserAtOnce: number;
    /** How long the same dry run's answer is reused (0: never); decision 028. */
    readonly cacheMs: number;
  };
  /** Anonymous page views accepted per client address per minute (counted in memory, never stored). */
  readonly pageViews: { readonly perMinute: number };
  /**
   * Unsafe requests (POST, PUT, PATCH, DELETE) per minute per client address and per user, counted in the database so
   * that API processes agree (decision 028).
   */
  readonly rateLimits: { readonly perAddressPerMinute: number; readonly perUserPerMinute: number };
  /** Accounts one client address may create per hour (decision 020). */
  readonly signupsPerAddressPerHour: number;
  /** removal requests one client address may make per hour (decision 036) */
  readonly removalRequestsPerAddressPerHour: number;
  /** Accounts one /24 (IPv4) or /64 (IPv6) may create per hour, besides the per-address limit (issue 28). */
  readonly signupsPerNetworkPerHour: number;
  readonly retentionDays: number;
  readonly sampleCorpus: 'auto' | 'off';
  /** Outgoing webhooks (docs/decisions/030-webhooks-and-schedules.md). */
  readonly webhooks: {
    /** Deliver to private, loopback and other non-public addresses too (off unless the operator says so). */
    readonly allowPrivate: boolean;
    /** A request to an endpoint must be answered within this. */
    readonly timeoutMs: number;
  };
  /** Mail (docs/decisions/037-mail-transport.md): every mail is written to the outbox; SMTP sends it when set. */
  readonly mail: {
    /** smtp:// or smtps:// (user and password in the URL); undefined: the outbox is the transport. */
    readonly smtpUrl: string | undefined;
    /** The From of every mail sent. */
    readonly from: string;
  };
  readonly paypal: {
    readonly clientId: string | undefined;
    readonly clientSecret: string | undefined;
    readonly baseUrl: string;
    readonly webhookId: string | undefined;
    readonly simulatorAllowed: boolean;
  };
}

/** Invalid settings: one line per setting, `Invalid setting NAME=value: reason.` (secrets never shown). */
export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

/**
 * The environment with the variables of an env file (default: `.env` at the repository root) under it: a variable set
 * in the environment wins over the file's. A missing file adds nothing; an unreadable one is a StartupError.
 */
export function readEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  file = path.join(REPO_ROOT, '.env'),
): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new StartupError(`Cannot read the settings file ${file}: ${(error as Error).message}.`);
  }
  // `NAME=` in the file means "not set" (as .env.example writes the optional ones), never an empty value.
  const fromFile = Object.entries(parseEnv(text)).filter(([, value]) => value !== '');
  return { ...Object.fromEntries(fromFile), ...env };
}

/** A relative path resolved from the repository root (absolute paths stay as they are). */
export function resolveFromRoot(target: string): string {
  return path.resolve(REPO_ROOT, target);
}

/** `sqlite:<relative file>` made absolute from the repository root; `:memory:` and PostgreSQL URLs unchanged. */
function resolveDatabaseUrl(url: string): string {
  if (!url.startsWith('sqlite:')) return url;
  const file = url.slice('sqlite:'.length);
  return file === ':memory:' || file === '' ? url : `sqlite:${resolveFromRoot(file)}`;
}

/**
 * Reads the environment (and `.env`) once, validates it and returns a frozen Config; the only reader of
 * process.env. Relative paths in DATABASE_URL and STORAGE_DIR resolve from the repository root.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = readEnvironment(),
  generateSecret = randomSecret,
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw configError(env, parsed.error.issues);
  const e = parsed.data;
  const dialect = dialectOf(env, e.DATABASE_URL);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw configError(env, [{ path: ['SESSION_SECRET'], message: 'required when NODE_ENV=production' }]);
  }
  const port = e.PORT;
  const appUrl = (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return deepFreeze({
    env: e.NODE_ENV,
    http: {
      host: e.HOST,
      port,
      bodyLimit: e.BODY_LIMIT_BYTES,
      trustProxy: !e.TRUST_PROXY
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY,
      internalUrl: (e.INTERNAL_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    appUrl,
    database: { dialect, url: resolveDatabaseUrl(e.DATABASE_URL), schema: e.DATABASE_SCHEMA },
    storage: { dir: resolveFromRoot(e.STORAGE_DIR) },
    auth: {
      secret: e.SESSION_SECRET ?? generateSecret(),
      isSecretGenerated: !e.SESSION_SECRET,
      accessTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    },
    invocationDir: e.INIT_CWD ?? process.cwd(),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    // Relative to apps/server, wherever the process was started.
    webDistDir: path.resolve(REPO_ROOT, 'apps/server', e.WEB_DIST_DIR),
    runWorker: e.RUN_WORKER === 'true',
    worker: {
      pollIntervalMs: e.WORKER_POLL_INTERVAL_MS,
      leaseMs: e.WORKER_LEASE_MS,
      maxAttempts: e.WORKER_MAX_ATTEMPTS,
      retryBaseMs: e.WORKER_RETRY_BASE_MS,
      recordDelayMs: e.WORKER_RECORD_DELAY_MS,
      searchTimeoutMs: e.ORDER_SEARCH_TIMEOUT_MS,
      maxOldSpaceMb: e.WORKER_MAX_OLD_SPACE_MB,
    },
    scan: {
      recordsPerUserPerDay: e.SCAN_RECORDS_PER_USER_PER_DAY,
      recordsPerSecond: e.SCAN_RECORDS_PER_SECOND,
    },
    largeOrders: {
      maxRecords: e.MAX_ORDER_RECORDS,
      recordsPerSecond: e.LARGE_ORDER_RECORDS_PER_SECOND,
      partRecords: e.LARGE_ORDER_PART_RECORDS,
    },
    dryRun: {
      budgetMs: e.DRY_RUN_BUDGET_MS,
      threads: e.DRY_RUN_THREADS ?? defaultDryRunThreads(dialect, os.availableParallelism()),
      maxQueue: e.DRY_RUN_MAX_QUEUE,
      perUserAtOnce: e.DRY_RUNS_PER_USER_AT_ONCE,
      cacheMs: e.DRY_RUN_CACHE_MS,
    },
    pageViews: { perMinute: e.PAGE_VIEWS_PER_MINUTE },
    rateLimits: { perAddressPerMinute: e.RATE_LIMIT_PER_ADDRESS, perUserPerMinute: e.RATE_LIMIT_PER_USER },
    signupsPerAddressPerHour: e.SIGNUPS_PER_ADDRESS_PER_HOUR,
    removalRequestsPerAddressPerHour: e.REMOVAL_REQUESTS_PER_ADDRESS_PER_HOUR,
    signupsPerNetworkPerHour: e.SIGNUPS_PER_NETWORK_PER_HOUR,
    retentionDays: e.RETENTION_DAYS,
    sampleCorpus: e.SAMPLE_CORPUS,
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true', timeoutMs: e.WEBHOOK_TIMEOUT_MS },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Threadcart <no-reply@${new URL(appUrl).hostname}>`,
    },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      baseUrl: e.PAYPAL_BASE_URL.replace(/\/$/, ''),
      webhookId: e.PAYPAL_WEBHOOK_ID,
      simulatorAllowed: e.NODE_ENV !== 'production' || e.PAYMENTS_SIMULATOR === 'allow',
    },
  });
}

/**
 * Dry-run threads when DRY_RUN_THREADS is unset. SQLite's dry runs do their work in the threads, niced below the API's
 * own; PostgreSQL's in the database's backends, at the API's priority: as many as the cores left the API a share of
 * a core under four hostile dry runs (health p99 2.1-2.6x idle at 10M records on 2 cores), so one fewer leaves it one.
 */
export function defaultDryRunThreads(dialect: DatabaseDialect, cores: number): number {
  return dialect === 'sqlite' ? Math.min(4, Math.max(2, cores)) : Math.min(4, Math.max(1, cores - 1));
}

function dialectOf(env: NodeJS.ProcessEnv, url: string): DatabaseDialect {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  throw configError(env, [{ path: ['DATABASE_URL'], message: 'must start with sqlite: or postgres://' }]);
}

// Settings whose values an error message never shows.
const SECRET_SETTING = /SECRET|PASSWORD|TOKEN(?!_TTL)/;

/** One line per setting, naming it, its value (secrets hidden, passwords removed from URLs) and every reason. */
function configError(
  env: NodeJS.ProcessEnv,
  issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>,
): ConfigError {
  const reasons = new Map<string, string[]>();
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '(environment)');
    // Zod's "Invalid input: expected number, received NaN" reads better without its first two words here.
    const message = issue.message.replace(/^Invalid (input|option): /, '');
    reasons.set(name, [...(reasons.get(name) ?? []), message.charAt(0).toLowerCase() + message.slice(1)]);
  }
  const lines = [...reasons].map(([name, messages]) => {
    const value = env[name];
    const shown =
      value === undefined
        ? name
        : SECRET_SETTING.test(name)
          ? `${name} (value hidden)`
          : formatSetting(name, redactUrl(value));
    return `Invalid setting ${shown}: ${messages.join('; ')}.`;
  });
  return new ConfigError(lines.join('\n'));
}

function randomSecret(): string {
  return crypto.getRandomValues(Buffer.alloc(32)).toString('base64url');
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child as object);
  }
  return Object.freeze(value);
}
