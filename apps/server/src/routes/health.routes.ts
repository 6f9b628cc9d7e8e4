import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from '../services/health.service.ts';
import type { Deps } from '../deps.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  storage: z.enum(['ok', 'unwritable']),
});

/** `GET /api/health/`: 200 when the database answers and the file storage can be written, else 503 naming the part. */
export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health/',
      { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_req, reply) => {
        const { isHealthy, database, storage } = await checkHealth(deps);
        const body = { status: isHealthy ? 'ok' : 'degraded', database, storage } as const;
        return reply.status(isHealthy ? 200 : 503).send(body);
      },
    );
  };
}
