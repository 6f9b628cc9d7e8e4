import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { redirectTarget, renderApprovalPage, renderUnavailablePage } from './sim-page.ts';
import type { PayPalSimulator } from './sim-state.ts';
import { paypalError, type SimReply } from './sim-types.ts';
import { simulatorControlRoutes } from './sim-control.ts';
import type { SimWebhooks } from './sim-webhooks.ts';

export interface SimulatorPluginOptions {
  readonly sim: PayPalSimulator;
  readonly webhooks: SimWebhooks;
  /** Also serve /__control/* (the standalone fake of the contract tests; never in the app). */
  readonly enableControl?: boolean;
  /** Deliver PAYMENT.CAPTURE.COMPLETED to this listener after each capture, as PayPal does. */
  readonly webhookUrl?: string;
}

const DECISIONS = new Set(['approve', 'cancel', 'decline']);

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

const send = (reply: FastifyReply, r: SimReply) => reply.status(r.status).send(r.body);

/** PayPal's mock header for negative tests: `{"mock_application_codes": "INSTRUMENT_DECLINED"}`. */
function mockIssue(request: FastifyRequest): string | undefined {
  const raw = header(request, 'paypal-mock-response');
  if (!raw) return undefined;
  try {
    const code = (JSON.parse(raw) as { mock_application_codes?: unknown }).mock_application_codes;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The simulated PayPal as a Fastify plugin: PayPal's REST routes (token, orders, capture, webhook verification)
 * plus the approval page. The app mounts it under /sim/paypal; the contract tests run it standalone.
 */
export function paypalSimulatorPlugin(options: SimulatorPluginOptions): FastifyPluginAsync {
  const { sim, webhooks } = options;
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) return send(reply, paypalError(500, 'INTERNAL_SERVER_ERROR'));
      if (status === 415) return send(reply, paypalError(415, 'UNSUPPORTED_MEDIA_TYPE'));
      return send(reply, paypalError(status, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON'));
    });
    app.addHook('onRequest', async (request) => {
      sim.log(request.method, request.url.split('?')[0]!, header(request, 'paypal-request-id'));
    });
    const authorized = async (request: FastifyRequest, reply: FastifyReply) => {
      if (sim.isAuthorized(request.headers.authorization)) return;
      return reply.status(401).send({
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [],
      });
    };

    app.post('/v1/oauth2/token', async (request, reply) =>
      send(
        reply,
        sim.issueToken(request.headers.authorization, (request.body as Record<string, unknown>)?.grant_type),
      ),
    );

    app.post('/v2/checkout/orders', { preHandler: authorized }, async (request, reply) =>
      send(reply, sim.createOrder(request.body, header(request, 'paypal-request-id'))),
    );

    app.get<{ Params: { id: string } }>(
      '/v2/checkout/orders/:id',
      { preHandler: authorized },
      async (request, reply) => send(reply, sim.getOrder(request.params.id)),
    );

    app.post<{ Params: { id: string } }>(
      '/v2/checkout/orders/:id/capture',
      { preHandler: authorized },
      async (request, reply) => {
        if (!header(request, 'content-type')?.startsWith('application/json')) {
          return send(reply, paypalError(415, 'UNSUPPORTED_MEDIA_TYPE'));
        }
        const result = sim.captureOrder(
          request.params.id,
          header(request, 'paypal-request-id'),
          mockIssue(request),
        );
        if (result.status === 201 && options.webhookUrl) {
          const event = webhooks.build('PAYMENT.CAPTURE.COMPLETED', request.params.id);
          const url = options.webhookUrl;
          if (event) setTimeout(() => void webhooks.deliver(url, event), 20).unref();
        }
        return send(reply, result);
      },
    );

    app.post<{ Params: { id: string } }>(
      '/v2/payments/captures/:id/refund',
      { preHandler: authorized },
      async (request, reply) => {
        const body = (request.body ?? {}) as { amount?: { value?: unknown } };
        const value = typeof body.amount?.value === 'string' ? body.amount.value : undefined;
        return send(reply, sim.refundCapture(request.params.id, value, header(request, 'paypal-request-id')));
      },
    );

    app.post(
      '/v1/notifications/verify-webhook-signature',
      { preHandler: authorized },
      async (request, reply) => {
        const fault = sim.takeFault('verify');
        if (fault?.status) return send(reply, paypalError(fault.status, 'INTERNAL_SERVER_ERROR'));
        return send(reply, webhooks.verify(request.body));
      },
    );

    app.get('/v1/notifications/certs/:id', async (_request, reply) =>
      reply.type('application/x-pem-file').send(webhooks.publicKeyPem()),
    );

    app.get<{ Querystring: { token?: string } }>('/checkoutnow', async (request, reply) => {
      const order = sim.orders.get(request.query.token ?? '');
      if (!order || order.status === 'COMPLETED')
        return reply.status(404).type('text/html').send(renderUnavailablePage());
      return reply.type('text/html').send(renderApprovalPage(order));
    });

    // GET with the order's nonce: the app's CSRF check covers every cookie-carrying POST, and this page has no token.
    app.get<{ Params: { action: string }; Querystring: { token?: string; nonce?: string } }>(
      '/checkoutnow/:action',
      async (request, reply) => {
        const order = sim.orders.get(request.query.token ?? '');
        const isValid = order && DECISIONS.has(request.params.action) && request.query.nonce === order.nonce;
        if (!order || !isValid) return reply.status(404).type('text/html').send(renderUnavailablePage());
        const decision = request.params.action as 'approve' | 'cancel' | 'decline';
        if (!sim.decide(order.id, decision))
          return reply.status(404).type('text/html').send(renderUnavailablePage());
        const target =
          decision === 'cancel'
            ? redirectTarget(order.cancelUrl, { token: order.id })
            : redirectTarget(order.returnUrl, { token: order.id, PayerID: sim.payerId });
        return reply.redirect(target, 303);
      },
    );

    if (options.enableControl) await app.register(simulatorControlRoutes(sim, webhooks));
  };
}
