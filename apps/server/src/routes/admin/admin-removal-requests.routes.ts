import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminRemovalDecisionSchema,
  AdminRemovalRejectSchema,
  AdminRemovalRequestSchema,
  AdminRemovalRequestsQuerySchema,
  AdminRemovalRequestsSchema,
} from '@threadcart/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  approveRemovalRequest,
  rejectRemovalRequest,
} from '../../services/privacy/removal-decisions.service.ts';
import { listAdminRemovalRequests } from '../../services/privacy/removal-requests.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** The "Removal requests" queue: confirmed requests, approved (records erased) or rejected with a reason. */
export function adminRemovalRequestsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/removal-requests/',
      {
        schema: {
          summary: 'The removal requests queue (confirmed requests in one status)',
          querystring: AdminRemovalRequestsQuerySchema,
          response: { 200: AdminRemovalRequestsSchema },
        },
      },
      async (request) => listAdminRemovalRequests(deps, request.query.status),
    );

    app.post(
      '/api/admin/removal-requests/:id/approve/',
      {
        schema: {
          summary: 'Approve a removal request: erase its records and suppress them for good',
          params: IdParamsSchema,
          body: AdminRemovalDecisionSchema,
          response: { 200: AdminRemovalRequestSchema },
        },
      },
      async (request) =>
        approveRemovalRequest(deps, requireUser(request).id, request.params.id, request.body.reason || null),
    );

    app.post(
      '/api/admin/removal-requests/:id/reject/',
      {
        schema: {
          summary: 'Reject a removal request with a reason',
          params: IdParamsSchema,
          body: AdminRemovalRejectSchema,
          response: { 200: AdminRemovalRequestSchema },
        },
      },
      async (request) =>
        rejectRemovalRequest(deps, requireUser(request).id, request.params.id, request.body.reason),
    );
  };
}
