import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { createRateLimiter } from '../plugins/rate-limit.ts';
import { pageViewsThrottled, recordPageView } from '../services/analytics.service.ts';

const PageViewSchema = z.object({
  path: z.string().min(1).max(2048),
  title: z.string().max(300).optional(),
});

/** The largest page-view body: a 2,048-character path and a 300-character title fit with room to spare. */
const PAGE_VIEW_BODY_LIMIT_BYTES = 4096;

/** First-party page views: anonymous, no IP address stored (DECISIONS §7), limited per address in memory. */
export function analyticsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const limiter = createRateLimiter({
      limit: deps.config.pageViews.perMinute,
      windowMs: 60_000,
      clock: deps.clock,
    });
    app.post(
      '/api/analytics/pageview/',
      {
        bodyLimit: PAGE_VIEW_BODY_LIMIT_BYTES,
        schema: { body: PageViewSchema },
        // Counted before the body is read, so a flood costs neither parsing nor a write.
        onRequest: async (request) => {
          const retryAfter = limiter.hit(request.ip);
          if (retryAfter !== null) throw pageViewsThrottled(retryAfter);
        },
      },
      async (request, reply) => {
        await recordPageView(deps, request.body);
        return reply.status(204).send();
      },
    );
  };
}
