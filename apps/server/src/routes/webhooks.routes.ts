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
import { requireUser } from '../plugins/auth.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  sendTestWebhook,
} from '../services/operations/webhook-endpoints.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A user's webhook endpoints: add (the secret shown once), list, delete, send a test, read the delivery log. */
export function webhooksRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/webhooks/',
      {
        schema: { body: CreateWebhookEndpointRequestSchema, response: { 201: CreatedWebhookEndpointSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createWebhookEndpoint(deps, requireUser(request).id, request.body)),
    );

    app.get(
      '/api/webhooks/',
      { schema: { response: { 200: WebhookEndpointListResponseSchema } } },
      async (request) => ({ endpoints: await listWebhookEndpoints(deps, requireUser(request).id) }),
    );

    app.delete('/api/webhooks/:id/', { schema: { params: IdParamsSchema } }, async (request, reply) => {
      await deleteWebhookEndpoint(deps, requireUser(request).id, request.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/api/webhooks/:id/test/',
      { schema: { params: IdParamsSchema, response: { 202: WebhookTestResponseSchema } } },
      async (request, reply) => {
        const delivery = await sendTestWebhook(deps, requireUser(request).id, request.params.id);
        return reply.status(202).send({ delivery, detail: WEBHOOK_MESSAGES.testQueued });
      },
    );

    app.get(
      '/api/webhooks/:id/deliveries/',
      { schema: { params: IdParamsSchema, response: { 200: WebhookDeliveryListResponseSchema } } },
      async (request) => ({
        deliveries: await listWebhookDeliveries(deps, requireUser(request).id, request.params.id),
      }),
    );
  };
}
