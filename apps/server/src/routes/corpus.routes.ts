import {
  AggregateResponseSchema,
  CorpusCoverageSchema,
  DRY_RUNS_PER_MINUTE,
  ORDER_MESSAGES,
  SuggestQuerySchema,
  SuggestResponseSchema,
} from '@threadcart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import type { RouteLimit } from '../plugins/request-limits.ts';
import { suggestNames } from '../services/corpus/search/corpus-suggest.service.ts';
import { getCorpusCoverage } from '../services/corpus/stats/corpus-coverage.service.ts';
import {
  aggregateCorpus,
  AggregateRequestSchema,
} from '../services/corpus/search/aggregate/aggregate.service.ts';

/** An aggregation is a dry run: it counts against the same per-user limit (the same name, one counter). */
const DRY_RUN_LIMITS: readonly RouteLimit[] = [
  {
    name: 'dry-runs',
    per: 'user',
    max: DRY_RUNS_PER_MINUTE,
    windowMs: 60_000,
    message: ORDER_MESSAGES.dryRunsThrottled,
  },
];

/**
 * What the order builder asks of the corpus besides dry runs (signed-in users): name suggestions and aggregations;
 * and what anyone may see of it: its coverage.
 */
export function corpusRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/corpus/suggest/',
      { schema: { querystring: SuggestQuerySchema, response: { 200: SuggestResponseSchema } } },
      async (request) => {
        requireUser(request);
        return suggestNames(deps, request.query);
      },
    );

    // No sign-in: what the corpus holds is public (issue 31), read from counts kept at ingest.
    app.get('/api/corpus/coverage/', { schema: { response: { 200: CorpusCoverageSchema } } }, async () =>
      getCorpusCoverage(deps.db),
    );

    app.post(
      '/api/corpus/aggregate/',
      {
        // Only reads, as a dry run: an API key with the `read` scope may ask.
        config: { limits: DRY_RUN_LIMITS, apiKeyScope: 'read' },
        schema: { body: AggregateRequestSchema, response: { 200: AggregateResponseSchema } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // A client that goes away ends the dry run's thread, as the preview's does.
        const abandoned = new AbortController();
        const onClose = () => {
          if (!reply.raw.writableFinished) abandoned.abort();
        };
        reply.raw.once('close', onClose);
        try {
          return await aggregateCorpus(deps, user.id, request.body, abandoned.signal);
        } finally {
          reply.raw.off('close', onClose);
        }
      },
    );
  };
}
