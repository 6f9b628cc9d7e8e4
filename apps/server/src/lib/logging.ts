import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

/** Whether log lines are pretty: LOG_FORMAT=pretty, or auto on a terminal (JSON for files, pipes and collectors). */
export function isPrettyLog(format: Config['logFormat'], isTty: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTty);
}

/**
 * The process's logger at LOG_LEVEL: short coloured lines through pino-pretty (synchronous, so the last lines before
 * an exit are never lost) when isPrettyLog says so, else pino's JSON lines on stdout.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  isTty = Boolean(process.stdout.isTTY),
): Logger {
  if (!isPrettyLog(config.logFormat, isTty)) return pino({ level: config.logLevel });
  const stream = pretty({
    colorize: isTty,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    // The start log's database and migrations are in its message already.
    ignore: 'pid,hostname,database,migrations',
    singleLine: true,
  });
  return pino({ level: config.logLevel }, stream);
}

/**
 * The database in words for the start log, never with a password: `SQLite /abs/file.db`, or
 * `PostgreSQL host:port/db (user u, schema s)`.
 */
export function describeDatabase(config: Pick<Config, 'database'>): string {
  const { dialect, url, schema } = config.database;
  if (dialect === 'sqlite') return `SQLite ${url.slice('sqlite:'.length)}`;
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default database)';
    const details = [
      parsed.username ? `user ${decodeURIComponent(parsed.username)}` : '',
      schema ? `schema ${schema}` : '',
    ].filter(Boolean);
    const where = `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}/${database}`;
    return `PostgreSQL ${where}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
  } catch {
    return 'PostgreSQL (unparseable URL)';
  }
}

/** Where mail goes, for the worker's start line: `SMTP host:port` (never the user or password), or `the outbox`. */
export function describeMailTransport(config: Pick<Config, 'mail'>): string {
  const { smtpUrl } = config.mail;
  if (smtpUrl === undefined) return 'the outbox (no SMTP_URL: nothing is sent)';
  const url = new URL(smtpUrl);
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return `SMTP ${url.hostname}:${port}${url.protocol === 'smtps:' ? ' (TLS)' : ''}, from ${config.mail.from}`;
}

/**
 * A URL (or any text) with the values of its `…token=` query parameters replaced: the links mailed for sign-up,
 * password reset and removal requests carry a token, and opening one in the browser is a request the log records
 * (issue 28, item 8).
 */
export function redactTokens(text: string): string {
  return text.replace(/([?&][^=&#\s]*token=)[^&#\s]*/gi, '$1[redacted]');
}

/** Fastify's own request serializer for the request log lines, with the URL's tokens redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    version: request.headers['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
