import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDetailResponseSchema,
  AccountIdParamsSchema,
  ACCOUNT_MESSAGES,
  ApiKeyListResponseSchema,
  ChangePasswordRequestSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  DeleteAccountRequestSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { ACCESS_COOKIE, clearSessionCookies, requireUser } from '../plugins/auth.ts';
import { deleteAccount } from '../services/account/account-deletion.service.ts';
import { changePassword } from '../services/account/password.service.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/auth/api-keys.service.ts';
import { findSessionFamilyId } from '../services/auth/sessions.service.ts';

/** The account area's security routes: password, API keys and deletion (docs/decisions/021-account-area.md). */
export function accountRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/me/password/',
      { schema: { body: ChangePasswordRequestSchema, response: { 200: AccountDetailResponseSchema } } },
      async (request) => {
        const user = requireUser(request);
        const familyId =
          request.authMethod === 'cookie'
            ? await findSessionFamilyId(deps, { accessToken: request.cookies[ACCESS_COOKIE] })
            : null;
        await changePassword(deps, user.id, request.body, familyId, request.ip);
        return { detail: ACCOUNT_MESSAGES.passwordChanged };
      },
    );

    app.get(
      '/api/users/me/api-keys/',
      { schema: { response: { 200: ApiKeyListResponseSchema } } },
      async (request) => ({ keys: await listApiKeys(deps, requireUser(request).id) }),
    );

    app.post(
      '/api/users/me/api-keys/',
      { schema: { body: CreateApiKeyRequestSchema, response: { 201: CreatedApiKeySchema } } },
      async (request, reply) => {
        const key = await createApiKey(deps, requireUser(request).id, request.body.name);
        return reply.status(201).send(key);
      },
    );

    app.delete(
      '/api/users/me/api-keys/:id/',
      { schema: { params: AccountIdParamsSchema } },
      async (request, reply) => {
        await revokeApiKey(deps, requireUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/users/me/delete/',
      { schema: { body: DeleteAccountRequestSchema } },
      async (request, reply) => {
        await deleteAccount(deps, requireUser(request).id, request.body, request.ip);
        clearSessionCookies(reply, deps);
        return reply.status(204).send();
      },
    );
  };
}
