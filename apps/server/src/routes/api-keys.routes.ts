import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeySchema, CreateApiKeyRequestSchema } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireAccountSession } from '../plugins/auth.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/auth/api-keys.service.ts';

/**
 * API keys for programmatic clients: created (shown once), listed by name, prefix and scopes, revoked. Managed from a
 * browser session only (an API key cannot mint or revoke keys); creating and revoking need the password proved in the
 * last 10 minutes (issue 28).
 */
export function apiKeysRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/keys/',
      {
        schema: {
          body: CreateApiKeyRequestSchema,
          response: { 201: ApiKeySchema.extend({ key: z.string() }) },
        },
      },
      async (request, reply) => {
        const { userId } = await requireAccountSession(request, deps, true);
        const key = await createApiKey(deps, userId, request.body.name, request.body.scopes);
        return reply.status(201).send(key);
      },
    );

    app.get(
      '/api/auth/keys/',
      { schema: { response: { 200: z.object({ keys: z.array(ApiKeySchema) }) } } },
      async (request) => ({
        keys: await listApiKeys(deps, (await requireAccountSession(request, deps)).userId),
      }),
    );

    app.delete(
      '/api/auth/keys/:id/',
      { schema: { params: z.object({ id: z.string().max(64) }) } },
      async (request, reply) => {
        const { userId } = await requireAccountSession(request, deps, true);
        await revokeApiKey(deps, userId, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
