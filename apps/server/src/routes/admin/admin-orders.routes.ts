import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderSchema,
  AdminOrdersPageSchema,
  AdminOrdersQuerySchema,
  AdminReasonRequestSchema,
} from '@threadcart/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  cancelOrder,
  listAdminOrders,
  openAnyOrderFile,
  retryOrder,
} from '../../services/admin/admin-orders.service.ts';
import { contentDisposition } from '../orders.routes.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Every user's orders: list and filter, retry a failed one, cancel a pending one, open the file. */
export function adminOrdersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/orders/',
      { schema: { querystring: AdminOrdersQuerySchema, response: { 200: AdminOrdersPageSchema } } },
      async (request) => listAdminOrders(deps, request.query),
    );

    const actions = { retry: retryOrder, cancel: cancelOrder } as const;
    for (const [action, run] of Object.entries(actions)) {
      app.post(
        `/api/admin/orders/:id/${action}/`,
        {
          schema: {
            params: IdParamsSchema,
            body: AdminReasonRequestSchema,
            response: { 200: AdminOrderSchema },
          },
        },
        async (request) => run(deps, requireUser(request).id, request.params.id, request.body.reason),
      );
    }

    app.get('/api/admin/orders/:id/file/', { schema: { params: IdParamsSchema } }, async (request, reply) => {
      const file = await openAnyOrderFile(deps, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });
  };
}
