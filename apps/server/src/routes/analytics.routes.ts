import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { recordPageView } from '../services/analytics.service.ts';

const PageViewSchema = z.object({
  path: z.string().min(1).max(2048),
  title: z.string().max(300).optional(),
});

/** First-party page views: anonymous, no IP address stored (DECISIONS §7). */
export function analyticsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/analytics/pageview/', { schema: { body: PageViewSchema } }, async (request, reply) => {
      await recordPageView(deps, request.body);
      return reply.status(204).send();
    });
  };
}
