import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreditsSummaryResponseSchema,
  UpdateProfileRequestSchema,
  UserResponseSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireAccountSession, requireUser } from '../plugins/auth.ts';
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
      async (request) => {
        // A new e-mail address needs the password (or one proved in the last 10 minutes): issue 28.
        const recent =
          request.body.email !== undefined
            ? { password: request.body.current_password, field: 'current_password' }
            : undefined;
        const { user } = await requireAccountSession(request, deps, recent);
        return { user: await updateProfile(deps, user, request.body) };
      },
    );

    app.get(
      '/api/users/me/credits/',
      { schema: { response: { 200: CreditsSummaryResponseSchema } } },
      async (request) => getCreditsSummary(deps, requireUser(request).id),
    );
  };
}
