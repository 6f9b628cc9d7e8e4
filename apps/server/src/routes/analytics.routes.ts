import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import type { RouteLimit } from '../plugins/request-limits.ts';
import { pageViewsThrottledMessage, recordPageView } from '../services/operations/analytics.service.ts';

const PageViewSchema = z.object({
  path: z.string().min(1).max(2048),
  title: z.string().max(300).optional(),
});

/** The largest page-view body: a 2,048-character path and a 300-character title fit with room to spare. */
const PAGE_VIEW_BODY_LIMIT_BYTES = 4096;

/**
 * First-party page views: anonymous, no IP address stored (docs/product.md §9.6); limited per address by a counter
 * whose key is a keyed hash of the address, counted before the body is read (decision 028).
 */
export function analyticsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const limits: RouteLimit[] = [
      {
        name: 'page-views',
        per: 'address',
        max: deps.config.pageViews.perMinute,
        windowMs: 60_000,
        message: pageViewsThrottledMessage,
      },
    ];
    app.post(
      '/api/analytics/pageview/',
      {
        bodyLimit: PAGE_VIEW_BODY_LIMIT_BYTES,
        config: { limits },
        schema: { body: PageViewSchema },
      },
      async (request, reply) => {
        await recordPageView(deps, request.body);
        return reply.status(204).send();
      },
    );
  };
}
