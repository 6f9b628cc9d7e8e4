import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DashboardStatsSchema,
  DRY_RUNS_PER_MINUTE,
  ORDER_MESSAGES,
  OrderManifestSchema,
  OrderSchema,
  PlacedOrderResponseSchema,
  PreviewWithAggregationsResponseSchema,
  RerunOrderRequestSchema,
  RerunOrderResponseSchema,
} from '@threadcart/contracts';
import { assertStorageWritable } from '../services/operations/health.service.ts';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import type { RouteLimit } from '../plugins/request-limits.ts';
import {
  getDashboardStats,
  getOrder,
  streamOrderList,
  openOrderFile,
  previewOrder,
} from '../services/orders/orders.service.ts';
import { placeOrderOrSchedule } from '../services/orders/schedules.service.ts';
import { getOrderManifest } from '../services/orders/order-manifest.service.ts';
import { rerunOrder } from '../services/orders/order-rerun.service.ts';
import { OrderRequestSchema } from '../services/orders/order-request.ts';
import { PreviewRequestSchema } from '../services/corpus/search/aggregate/aggregate.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });
const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** Per user, in the database: a dry run is free, and each may keep a thread busy for its whole budget. */
const DRY_RUN_LIMITS: readonly RouteLimit[] = [
  {
    name: 'dry-runs',
    per: 'user',
    max: DRY_RUNS_PER_MINUTE,
    windowMs: 60_000,
    message: ORDER_MESSAGES.dryRunsThrottled,
  },
];

/** Orders (saved search queries), their dry run, the dashboard counters and the file download. */
export function ordersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/search-queries/create/',
      {
        schema: {
          body: OrderRequestSchema,
          headers: IdempotencyHeadersSchema,
          response: { 201: PlacedOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // Files cannot be written: refuse now rather than fail the order seconds later (issue 28 item 10).
        assertStorageWritable(deps);
        const { order, isReplay } = await placeOrderOrSchedule(
          deps,
          user.id,
          request.body,
          request.headers['idempotency-key'],
        );
        if (isReplay) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(order);
      },
    );

    // Streamed page by page (the schema documents the answer; a stream skips the serializer): see streamOrderList.
    app.get(
      '/api/search-queries/list/',
      { schema: { response: { 200: z.array(OrderSchema) } } },
      async (request, reply) => {
        const orders = streamOrderList(deps, requireUser(request).id);
        // The stream's text is the documented array; the type provider knows only the parsed form.
        return reply.type('application/json; charset=utf-8').send(Readable.from(orders) as never);
      },
    );

    app.post(
      '/api/search-queries/preview/',
      {
        // A dry run only reads: an API key with the `read` scope may ask for one.
        config: { limits: DRY_RUN_LIMITS, apiKeyScope: 'read' },
        schema: { body: PreviewRequestSchema, response: { 200: PreviewWithAggregationsResponseSchema } },
      },
      async (request, reply) => {
        const user = requireUser(request);
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
        assertStorageWritable(deps);
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
