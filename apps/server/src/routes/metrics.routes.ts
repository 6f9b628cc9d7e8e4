import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { AppError, notFound } from '../errors.ts';
import { renderMetrics } from '../services/operations/metrics.service.ts';

/**
 * `GET /metrics`: Prometheus text for a scraper holding `Authorization: Bearer <METRICS_TOKEN>`. Without a
 * configured token the endpoint does not exist (404); a missing or wrong token is a 401.
 */
export function metricsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/metrics', async (request, reply) => {
      const expected = deps.config.metricsToken;
      if (!expected) throw notFound(API_MESSAGES.notFound);
      if (!isBearer(request.headers.authorization, expected)) {
        throw new AppError(401, API_MESSAGES.metricsTokenInvalid, 'metrics_token_invalid', {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
      const { contentType, body } = await renderMetrics(deps);
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  };
}

/** True when the header is `Bearer <expected>`; compared in constant time. */
function isBearer(header: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
