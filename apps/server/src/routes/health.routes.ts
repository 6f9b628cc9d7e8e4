import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDatabase } from '../services/health.service.ts';
import type { Deps } from '../deps.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
});

export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health/',
      { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_req, reply) => {
        const isReachable = await checkDatabase(deps);
        const body = {
          status: isReachable ? 'ok' : 'degraded',
          database: isReachable ? 'ok' : 'unreachable',
        } as const;
        return reply.status(isReachable ? 200 : 503).send(body);
      },
    );
  };
}
