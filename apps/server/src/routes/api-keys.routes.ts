import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeySchema, CreateApiKeyRequestSchema } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/auth/api-keys.service.ts';

/** API keys for programmatic clients: created (shown once), listed by name and prefix, revoked. */
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
        const key = await createApiKey(deps, requireUser(request).id, request.body.name);
        return reply.status(201).send(key);
      },
    );

    app.get(
      '/api/auth/keys/',
      { schema: { response: { 200: z.object({ keys: z.array(ApiKeySchema) }) } } },
      async (request) => ({ keys: await listApiKeys(deps, requireUser(request).id) }),
    );

    app.delete(
      '/api/auth/keys/:id/',
      { schema: { params: z.object({ id: z.string().max(64) }) } },
      async (request, reply) => {
        await revokeApiKey(deps, requireUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
