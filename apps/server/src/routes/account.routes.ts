import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDetailResponseSchema,
  AccountIdParamsSchema,
  ACCOUNT_MESSAGES,
  ApiKeyListResponseSchema,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  DeleteAccountRequestSchema,
  REAUTH_MESSAGES,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { clearSessionCookies, requireAccountSession } from '../plugins/auth.ts';
import { deleteAccount } from '../services/account/account-deletion.service.ts';
import { changePassword } from '../services/account/password.service.ts';
import {
  createApiKey,
  listApiKeys,
  revokeAllApiKeys,
  revokeApiKey,
} from '../services/auth/api-keys.service.ts';

/**
 * The account area's security routes: password, API keys and deletion (docs/decisions/021-account-area.md). Each
 * needs a browser session, never an API key; changing anything needs the password, given with the request or proved
 * in the last 10 minutes (issue 28, docs/security.md).
 */
export function accountRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/me/password/',
      { schema: { body: ChangePasswordRequestSchema, response: { 200: ChangePasswordResponseSchema } } },
      async (request) => {
        const session = await requireAccountSession(request, deps);
        await changePassword(deps, session.userId, request.body, session.familyId, request.ip);
        // The keys that still work, listed with the message so the user can revoke them all at once.
        return {
          detail: ACCOUNT_MESSAGES.passwordChanged,
          api_keys: await listApiKeys(deps, session.userId),
        };
      },
    );

    app.get(
      '/api/users/me/api-keys/',
      { schema: { response: { 200: ApiKeyListResponseSchema } } },
      async (request) => ({
        keys: await listApiKeys(deps, (await requireAccountSession(request, deps)).userId),
      }),
    );

    app.post(
      '/api/users/me/api-keys/',
      { schema: { body: CreateApiKeyRequestSchema, response: { 201: CreatedApiKeySchema } } },
      async (request, reply) => {
        const { userId } = await requireAccountSession(request, deps, true);
        const key = await createApiKey(deps, userId, request.body.name, request.body.scopes);
        return reply.status(201).send(key);
      },
    );

    app.post(
      '/api/users/me/api-keys/revoke-all/',
      { schema: { response: { 200: AccountDetailResponseSchema } } },
      async (request) => {
        const { userId } = await requireAccountSession(request, deps, true);
        return { detail: REAUTH_MESSAGES.keysRevoked(await revokeAllApiKeys(deps, userId)) };
      },
    );

    app.delete(
      '/api/users/me/api-keys/:id/',
      { schema: { params: AccountIdParamsSchema } },
      async (request, reply) => {
        const { userId } = await requireAccountSession(request, deps, true);
        await revokeApiKey(deps, userId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/users/me/delete/',
      { schema: { body: DeleteAccountRequestSchema } },
      async (request, reply) => {
        // The password is checked by deleteAccount itself (a field error on the form).
        const { userId } = await requireAccountSession(request, deps);
        await deleteAccount(deps, userId, request.body, request.ip);
        clearSessionCookies(reply, deps);
        return reply.status(204).send();
      },
    );
  };
}
