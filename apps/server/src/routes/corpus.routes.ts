import { SuggestQuerySchema, SuggestResponseSchema } from '@threadcart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import { suggestNames } from '../services/corpus/search/corpus-suggest.service.ts';

/** What the order builder asks of the corpus besides dry runs: name suggestions (signed-in users). */
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
  };
}
