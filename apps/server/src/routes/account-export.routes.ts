import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountIdParamsSchema,
  DataExportListResponseSchema,
  DataExportResponseSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireAccountSession } from '../plugins/auth.ts';
import {
  listDataExports,
  openDataExport,
  requestDataExport,
} from '../services/account/data-export.service.ts';

/** "Download my data": queue an export for the worker, list them, download a ready ZIP. */
export function accountExportRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/me/export/',
      { schema: { response: { 202: DataExportResponseSchema } } },
      async (request, reply) =>
        reply.status(202).send({
          export: await requestDataExport(deps, (await requireAccountSession(request, deps, true)).userId),
        }),
    );

    app.get(
      '/api/users/me/export/',
      { schema: { response: { 200: DataExportListResponseSchema } } },
      async (request) => ({
        exports: await listDataExports(deps, (await requireAccountSession(request, deps)).userId),
      }),
    );

    app.get(
      '/api/users/me/export/:id/download/',
      { schema: { params: AccountIdParamsSchema } },
      async (request, reply) => {
        const { userId } = await requireAccountSession(request, deps);
        const file = await openDataExport(deps, userId, request.params.id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}
