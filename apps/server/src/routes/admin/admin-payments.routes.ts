import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPaymentSchema,
  AdminPaymentsPageSchema,
  AdminPaymentsQuerySchema,
  AdminReasonRequestSchema,
} from '@threadcart/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listAdminPayments, refundPayment } from '../../services/admin/admin-payments.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Every payment with PayPal's ids and states; refund a captured one through the provider. */
export function adminPaymentsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/payments/',
      { schema: { querystring: AdminPaymentsQuerySchema, response: { 200: AdminPaymentsPageSchema } } },
      async (request) => listAdminPayments(deps, request.query),
    );

    app.post(
      '/api/admin/payments/:id/refund/',
      {
        schema: {
          params: IdParamsSchema,
          body: AdminReasonRequestSchema,
          response: { 200: AdminPaymentSchema },
        },
      },
      async (request) => refundPayment(deps, requireUser(request).id, request.params.id, request.body.reason),
    );
  };
}
