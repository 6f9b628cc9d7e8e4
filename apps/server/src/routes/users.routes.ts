import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreditsResponseSchema, UserResponseSchema } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import { getCreditsSummary, presentUser } from '../services/users.service.ts';

/** The current user and their credits. */
export function usersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/me/', { schema: { response: { 200: UserResponseSchema } } }, async (request) => ({
      user: await presentUser(deps, requireUser(request)),
    }));

    app.get(
      '/api/users/me/credits/',
      { schema: { response: { 200: CreditsResponseSchema } } },
      async (request) => getCreditsSummary(deps, requireUser(request).id),
    );
  };
}
