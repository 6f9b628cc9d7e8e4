import type { FastifyPluginAsync } from 'fastify';
import type { PayPalSimulator } from './sim-state.ts';
import type { SimFault } from './sim-types.ts';
import type { SimEventType, SimWebhooks } from './sim-webhooks.ts';

interface WebhookControlBody {
  event_type: SimEventType;
  order_id: string;
  /** For /send: the listener; each delivery is signed afresh unless `same` is true (a replay). */
  url?: string;
  times?: number;
  same?: boolean;
}

/**
 * The contract tests' remote control for the standalone fake (docs/decisions/009-payments.md): the payer's decisions
 * without a browser, scripted faults, token expiry, refunds, signed webhooks and the request log.
 */
export function simulatorControlRoutes(sim: PayPalSimulator, webhooks: SimWebhooks): FastifyPluginAsync {
  return async (app) => {
    app.post('/__control/reset', async () => {
      sim.reset();
      return { ok: true };
    });

    app.post('/__control/next', async (request) => {
      sim.addFault(request.body as SimFault);
      return { ok: true };
    });

    app.post('/__control/expire-tokens', async () => {
      sim.expireTokens();
      return { ok: true };
    });

    app.get('/__control/requests', async () => ({ requests: sim.requests }));

    app.get<{ Params: { id: string } }>('/__control/orders/:id', async (request, reply) => {
      const order = sim.orders.get(request.params.id);
      return order ? sim.orderJson(order) : reply.status(404).send({ error: 'unknown order' });
    });

    app.post<{ Params: { id: string; action: string } }>(
      '/__control/orders/:id/:action',
      async (request, reply) => {
        const { id, action } = request.params;
        if (action === 'capture') {
          const capture = sim.captureBehindTheScenes(id);
          return capture
            ? { capture_id: capture.id }
            : reply.status(409).send({ error: 'order not approved' });
        }
        if (action === 'refund') {
          const value = (request.body as { value?: string } | undefined)?.value;
          const result = sim.refund(id, value);
          return result
            ? { refund_id: result.refund.id, capture_status: result.capture.status }
            : reply.status(409).send({ error: 'nothing captured' });
        }
        if (action !== 'approve' && action !== 'decline' && action !== 'cancel') {
          return reply.status(404).send({ error: 'unknown action' });
        }
        const order = sim.decide(id, action);
        return order
          ? { status: order.status }
          : reply.status(409).send({ error: 'order cannot be decided' });
      },
    );

    app.post('/__control/webhooks/sign', async (request, reply) => {
      const body = request.body as WebhookControlBody;
      const webhook = webhooks.build(body.event_type, body.order_id);
      return webhook ?? reply.status(409).send({ error: 'nothing to report' });
    });

    app.post('/__control/webhooks/send', async (request, reply) => {
      const body = request.body as WebhookControlBody;
      const first = webhooks.build(body.event_type, body.order_id);
      if (!first || !body.url) return reply.status(409).send({ error: 'nothing to report or no url' });
      const statuses: number[] = [];
      for (let i = 0; i < (body.times ?? 1); i += 1) {
        const webhook = i === 0 || body.same ? first : webhooks.sign(first.eventId, first.body);
        statuses.push(await webhooks.deliver(body.url, webhook));
      }
      return { event_id: first.eventId, statuses };
    });
  };
}
