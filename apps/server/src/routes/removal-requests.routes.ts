import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REMOVAL_MESSAGES,
  RemovalDetailSchema,
  RemovalRequestConfirmSchema,
  RemovalRequestCreateSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import type { RouteLimit } from '../plugins/request-limits.ts';
import { confirmRemovalRequest, createRemovalRequest } from '../services/privacy/removal-requests.service.ts';

/** Removal requests from the people in the corpus (docs/decisions/036): no sign-in, confirmed by a mailed link. */
export function removalRequestsRoutes(deps: Deps): FastifyPluginAsyncZod {
  // Per client address: a removal request mails a link, so it is limited like a sign-up.
  const limits: readonly RouteLimit[] = [
    {
      name: 'removal-requests',
      per: 'address',
      max: deps.config.removalRequestsPerAddressPerHour,
      windowMs: 60 * 60_000,
      message: REMOVAL_MESSAGES.throttled,
    },
  ];
  return async (app) => {
    app.post(
      '/api/removal-requests/',
      {
        config: { limits },
        schema: {
          summary: 'Ask for records of the corpus to be removed (no sign-in; confirmed by a mailed link)',
          security: [],
          body: RemovalRequestCreateSchema,
          response: { 202: RemovalDetailSchema },
        },
      },
      async (request, reply) => {
        await createRemovalRequest(deps, request.body);
        return reply.status(202).send({ detail: REMOVAL_MESSAGES.received });
      },
    );

    app.post(
      '/api/removal-requests/confirm/',
      {
        schema: {
          summary: "Confirm a removal request with its mailed link's token",
          security: [],
          body: RemovalRequestConfirmSchema,
          response: { 200: RemovalDetailSchema },
        },
      },
      async (request) => {
        await confirmRemovalRequest(deps, request.body.token);
        return { detail: REMOVAL_MESSAGES.confirmed };
      },
    );
  };
}
