import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateOrderRequestSchema,
  DashboardStatsSchema,
  DRY_RUNS_PER_MINUTE,
  ORDER_MESSAGES,
  OrderManifestSchema,
  OrderSchema,
  PreviewRequestSchema,
  PreviewResponseSchema,
  RerunOrderRequestSchema,
  RerunOrderResponseSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { createRateLimiter } from '../plugins/rate-limit.ts';
import {
  getDashboardStats,
  getOrder,
  listOrders,
  openOrderFile,
  placeOrder,
  previewOrder,
} from '../services/orders.service.ts';
import { getOrderManifest } from '../services/order-manifest.service.ts';
import { rerunOrder } from '../services/order-rerun.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });
const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** Orders (saved search queries), their dry run, the dashboard counters and the file download. */
export function ordersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // Per user, in memory: a dry run is free, and each may keep a thread busy for its whole budget.
    const dryRunLimiter = createRateLimiter({
      limit: DRY_RUNS_PER_MINUTE,
      windowMs: 60_000,
      clock: deps.clock,
    });
    app.post(
      '/api/search-queries/create/',
      {
        schema: {
          body: CreateOrderRequestSchema,
          headers: IdempotencyHeadersSchema,
          response: { 201: OrderSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { order, isReplay } = await placeOrder(
          deps,
          user.id,
          request.body,
          request.headers['idempotency-key'],
        );
        if (isReplay) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(order);
      },
    );

    app.get(
      '/api/search-queries/list/',
      { schema: { response: { 200: z.array(OrderSchema) } } },
      async (request) => listOrders(deps, requireUser(request).id),
    );

    app.post(
      '/api/search-queries/preview/',
      { schema: { body: PreviewRequestSchema, response: { 200: PreviewResponseSchema } } },
      async (request, reply) => {
        const user = requireUser(request);
        const retryAfter = dryRunLimiter.hit(user.id);
        if (retryAfter !== null)
          throw new AppError(429, ORDER_MESSAGES.dryRunsThrottled(retryAfter), 'throttled', {
            'retry-after': String(retryAfter),
          });
        // A client that goes away (a newer dry run for the same form, a closed tab) ends its dry run's thread.
        const abandoned = new AbortController();
        const onClose = () => {
          if (!reply.raw.writableFinished) abandoned.abort();
        };
        reply.raw.once('close', onClose);
        try {
          return await previewOrder(deps, user.id, request.body, abandoned.signal);
        } finally {
          reply.raw.off('close', onClose);
        }
      },
    );

    app.get(
      '/api/search-queries/:id/',
      { schema: { params: IdParamsSchema, response: { 200: OrderSchema } } },
      async (request) => getOrder(deps, requireUser(request).id, request.params.id),
    );

    app.get(
      '/api/search-queries/:id/manifest/',
      { schema: { params: IdParamsSchema, response: { 200: OrderManifestSchema } } },
      async (request) => getOrderManifest(deps, requireUser(request).id, request.params.id),
    );

    app.post(
      '/api/search-queries/:id/rerun/',
      {
        schema: {
          params: IdParamsSchema,
          body: RerunOrderRequestSchema,
          headers: IdempotencyHeadersSchema,
          response: { 201: RerunOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const { isReplay, ...rerun } = await rerunOrder(
          deps,
          requireUser(request).id,
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
        );
        if (isReplay) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(rerun);
      },
    );

    app.get(
      '/api/dashboard/stats/',
      { schema: { response: { 200: DashboardStatsSchema } } },
      async (request) => getDashboardStats(deps, requireUser(request).id),
    );

    app.get('/api/download/:id/', { schema: { params: IdParamsSchema } }, async (request, reply) => {
      const file = await openOrderFile(deps, requireUser(request).id, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });
  };
}

/** An attachment header with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
