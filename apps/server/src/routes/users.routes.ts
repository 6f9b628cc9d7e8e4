import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreditsSummaryResponseSchema,
  UpdateProfileRequestSchema,
  UserResponseSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import { getCreditsSummary } from '../services/account/account-credits.service.ts';
import { presentUser, updateProfile } from '../services/auth/users.service.ts';

/** The current user and their credits. */
export function usersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/me/', { schema: { response: { 200: UserResponseSchema } } }, async (request) => ({
      user: await presentUser(deps, requireUser(request)),
    }));

    app.patch(
      '/api/users/me/',
      { schema: { body: UpdateProfileRequestSchema, response: { 200: UserResponseSchema } } },
      async (request) => ({ user: await updateProfile(deps, requireUser(request), request.body) }),
    );

    app.get(
      '/api/users/me/credits/',
      { schema: { response: { 200: CreditsSummaryResponseSchema } } },
      async (request) => getCreditsSummary(deps, requireUser(request).id),
    );
  };
}
