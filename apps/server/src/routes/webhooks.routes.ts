import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatedWebhookEndpointSchema,
  CreateWebhookEndpointRequestSchema,
  WEBHOOK_MESSAGES,
  WebhookDeliveryListResponseSchema,
  WebhookEndpointListResponseSchema,
  WebhookTestResponseSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireAccountSession } from '../plugins/auth.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  sendTestWebhook,
} from '../services/operations/webhook-endpoints.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * A user's webhook endpoints: add (the secret shown once), list, delete, send a test, read the delivery log. A browser
 * session only, never an API key; adding and deleting also need the password proved in the last 10 minutes.
 */
export function webhooksRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/webhooks/',
      {
        schema: { body: CreateWebhookEndpointRequestSchema, response: { 201: CreatedWebhookEndpointSchema } },
      },
      async (request, reply) => {
        const { userId } = await requireAccountSession(request, deps, true);
        return reply.status(201).send(await createWebhookEndpoint(deps, userId, request.body));
      },
    );

    app.get(
      '/api/webhooks/',
      { schema: { response: { 200: WebhookEndpointListResponseSchema } } },
      async (request) => ({
        endpoints: await listWebhookEndpoints(deps, (await requireAccountSession(request, deps)).userId),
      }),
    );

    app.delete('/api/webhooks/:id/', { schema: { params: IdParamsSchema } }, async (request, reply) => {
      const { userId } = await requireAccountSession(request, deps, true);
      await deleteWebhookEndpoint(deps, userId, request.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/api/webhooks/:id/test/',
      { schema: { params: IdParamsSchema, response: { 202: WebhookTestResponseSchema } } },
      async (request, reply) => {
        const { userId } = await requireAccountSession(request, deps);
        const delivery = await sendTestWebhook(deps, userId, request.params.id);
        return reply.status(202).send({ delivery, detail: WEBHOOK_MESSAGES.testQueued });
      },
    );

    app.get(
      '/api/webhooks/:id/deliveries/',
      { schema: { params: IdParamsSchema, response: { 200: WebhookDeliveryListResponseSchema } } },
      async (request) => ({
        deliveries: await listWebhookDeliveries(
          deps,
          (await requireAccountSession(request, deps)).userId,
          request.params.id,
        ),
      }),
    );
  };
}
