import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminAuditPageSchema,
  AdminCorpusQuerySchema,
  AdminCorpusSchema,
  AdminOverviewSchema,
  AdminPageQuerySchema,
} from '@threadcart/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { listAudit } from '../../services/admin/admin-audit.service.ts';
import { getAdminCorpus, getAdminOverview } from '../../services/admin/admin-overview.service.ts';
import { adminOrdersRoutes } from './admin-orders.routes.ts';
import { adminPaymentsRoutes } from './admin-payments.routes.ts';
import { adminRemovalRequestsRoutes } from './admin-removal-requests.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';

const AuditQuerySchema = AdminPageQuerySchema.extend({ target_id: z.string().max(64).optional() });

/**
 * The operator API under /api/admin/ (docs/decisions/022-operator-roles-and-audit.md). One hook guards every route
 * of this encapsulated plugin, before any validation: 401 to visitors, 403 to anyone but an administrator.
 */
export function adminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      await requireAdmin(request, deps);
    });

    app.get('/api/admin/overview/', { schema: { response: { 200: AdminOverviewSchema } } }, async () =>
      getAdminOverview(deps),
    );

    app.get(
      '/api/admin/corpus/',
      { schema: { querystring: AdminCorpusQuerySchema, response: { 200: AdminCorpusSchema } } },
      async (request) => getAdminCorpus(deps, request.query.top),
    );

    app.get(
      '/api/admin/audit/',
      { schema: { querystring: AuditQuerySchema, response: { 200: AdminAuditPageSchema } } },
      async (request) => listAudit(deps, request.query),
    );

    await app.register(adminUsersRoutes(deps));
    await app.register(adminOrdersRoutes(deps));
    await app.register(adminPaymentsRoutes(deps));
    await app.register(adminRemovalRequestsRoutes(deps));
  };
}
