import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuyPackageRequestSchema,
  CancelOrderRequestSchema,
  CancelOrderResponseSchema,
  CaptureOrderRequestSchema,
  CaptureResponseSchema,
  CheckoutResponseSchema,
  BuyCreditsRequestSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import {
  cancelUserPayment,
  captureUserPayment,
  startCustomCheckout,
  startPackageCheckout,
} from '../services/payments/payments.service.ts';
import { handlePaypalWebhook } from '../services/payments/paypal-webhook.service.ts';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The PayPal checkout (docs/product.md §5.3): start a purchase, capture or cancel it on return, and PayPal's webhook.
 */
export function paypalRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/paypal/buy-credits-packages/',
      { schema: { body: BuyPackageRequestSchema, response: { 201: CheckoutResponseSchema } } },
      async (request, reply) => {
        const user = requireUser(request);
        return reply.status(201).send(await startPackageCheckout(deps, user.id, request.body.package_id));
      },
    );

    app.post(
      '/api/paypal/create-order/',
      { schema: { body: BuyCreditsRequestSchema, response: { 201: CheckoutResponseSchema } } },
      async (request, reply) => {
        const user = requireUser(request);
        return reply
          .status(201)
          .send(await startCustomCheckout(deps, user.id, request.body.credits_requested));
      },
    );

    app.post(
      '/api/paypal/capture-order/',
      {
        schema: {
          body: CaptureOrderRequestSchema,
          response: { 200: CaptureResponseSchema, 202: CaptureResponseSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const result = await captureUserPayment(deps, user.id, request.body.order_id ?? request.body.orderID);
        return reply.status(result.httpStatus).send(result.body);
      },
    );

    app.post(
      '/api/paypal/cancel-order/',
      { schema: { body: CancelOrderRequestSchema, response: { 200: CancelOrderResponseSchema } } },
      async (request) => {
        const user = requireUser(request);
        await cancelUserPayment(deps, user.id, request.body.order_id);
        return { status: 'CANCELLED' as const };
      },
    );

    await app.register(async (scope) => webhookRoute(scope, deps));
  };
}

/** PayPal's webhook, with the raw body kept: the signature check sends it back to PayPal byte for byte. */
function webhookRoute(app: FastifyInstance, deps: Deps): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      try {
        JSON.parse(body as string);
        done(null, body);
      } catch {
        done(Object.assign(new Error('The webhook body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    },
  );
  app.post(
    '/api/paypal/webhook/',
    { schema: { response: { 200: z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) }) } } },
    async (request) => ({ status: await handlePaypalWebhook(deps, request.body, request.headers) }),
  );
}
