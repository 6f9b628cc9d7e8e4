import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from '../services/health.service.ts';
import type { Deps } from '../deps.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  storage: z.enum(['ok', 'unwritable']),
  /** p99 of the API process's event-loop delay over the last window (about 10 s), rounded to whole ms. */
  event_loop_delay_ms: z.number().int().nonnegative(),
});

/**
 * `GET /api/health/`: 200 when the database answers and the file storage can be written, else 503 naming the part;
 * both carry the event-loop delay.
 */
export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health/',
      { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_req, reply) => {
        const { isHealthy, database, storage, eventLoopDelayMs } = await checkHealth(deps);
        const status = isHealthy ? 'ok' : 'degraded';
        const body = { status, database, storage, event_loop_delay_ms: eventLoopDelayMs } as const;
        return reply.status(isHealthy ? 200 : 503).send(body);
      },
    );
  };
}
