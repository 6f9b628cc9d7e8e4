import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCreditsResultSchema,
  AdminDeductCreditsRequestSchema,
  AdminGrantCreditsRequestSchema,
  AdminReasonRequestSchema,
  AdminUserDetailSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
} from '@threadcart/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  deductAdminCredits,
  getAdminUserDetail,
  grantAdminCredits,
  listAdminUsers,
  setUserDisabled,
} from '../../services/admin/admin-users.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Users: search, detail, credit grants and deductions, disable and enable (admin guard: admin.routes.ts). */
export function adminUsersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/users/',
      { schema: { querystring: AdminUsersQuerySchema, response: { 200: AdminUsersPageSchema } } },
      async (request) => listAdminUsers(deps, request.query),
    );

    app.get(
      '/api/admin/users/:id/',
      { schema: { params: IdParamsSchema, response: { 200: AdminUserDetailSchema } } },
      async (request) => getAdminUserDetail(deps, request.params.id),
    );

    app.post(
      '/api/admin/users/:id/credits/grant/',
      {
        schema: {
          params: IdParamsSchema,
          body: AdminGrantCreditsRequestSchema,
          response: { 200: AdminCreditsResultSchema },
        },
      },
      async (request) => grantAdminCredits(deps, requireUser(request).id, request.params.id, request.body),
    );

    app.post(
      '/api/admin/users/:id/credits/deduct/',
      {
        schema: {
          params: IdParamsSchema,
          body: AdminDeductCreditsRequestSchema,
          response: { 200: AdminCreditsResultSchema },
        },
      },
      async (request) => deductAdminCredits(deps, requireUser(request).id, request.params.id, request.body),
    );

    for (const action of ['disable', 'enable'] as const) {
      app.post(
        `/api/admin/users/:id/${action}/`,
        {
          schema: {
            params: IdParamsSchema,
            body: AdminReasonRequestSchema,
            response: { 200: AdminUserSchema },
          },
        },
        async (request) =>
          setUserDisabled(deps, requireUser(request).id, request.params.id, {
            isDisabled: action === 'disable',
            reason: request.body.reason,
          }),
      );
    }
  };
}
