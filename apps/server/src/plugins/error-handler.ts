import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@threadcart/contracts';
import { AppError, FieldErrors } from '../errors.ts';

/** Turns every error into JSON with a `detail` (or a field map for validation); a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.detail, code: error.code });
    }
    if (error instanceof FieldErrors) return reply.status(400).send(error.fields);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
        (fields[path] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.status(400).send(fields);
    }
    if (isDatabaseCorruption(error)) {
      // A damaged SQLite file is the operator's to restore; the client gets a clear 503, not an internal error.
      request.log.error({ err: error }, 'database corrupt');
      return reply.status(503).send({ detail: DATABASE_CORRUPT_MESSAGE, code: 'database_corrupt' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: API_MESSAGES.internal, code: 'internal' });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type) carry safe messages.
    return reply.status(status).send({ detail: error.message, code: error.code?.toLowerCase() ?? 'error' });
  });
}

export const BAD_URL_MESSAGE = 'The request address is not valid.';

export const DATABASE_CORRUPT_MESSAGE =
  'The database is damaged and cannot answer this request. The operator has been alerted; please try again later.';

/**
 * True for SQLite's "damaged file" errors (SQLITE_CORRUPT*, SQLITE_NOTADB), also from a dry-run thread (whose errors
 * arrive as copies that keep only the message) and along the cause chain (issue 28 item 11).
 */
export function isDatabaseCorruption(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) return true;
    if (
      typeof message === 'string' &&
      /database disk image is malformed|file is not a database/i.test(message)
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that cannot be decoded, a failed async
 * constraint) bypass the error handler, so they get the same `{detail, code}` shape here.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // The onSend hook that sets it does not run for these.
  void reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ detail: BAD_URL_MESSAGE, code: 'bad_url' });
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  void reply.status(500).send({ detail: API_MESSAGES.internal, code: 'internal' });
}
