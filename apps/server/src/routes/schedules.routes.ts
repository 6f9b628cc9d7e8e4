import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ScheduleListResponseSchema, ScheduleSchema } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import {
  deleteSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
} from '../services/orders/schedules.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A user's scheduled orders (made with `schedule` on an order): list, pause, resume, delete. */
export function schedulesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/schedules/',
      { schema: { response: { 200: ScheduleListResponseSchema } } },
      async (request) => ({ schedules: await listSchedules(deps, requireUser(request).id) }),
    );

    app.post(
      '/api/schedules/:id/pause/',
      { schema: { params: IdParamsSchema, response: { 200: ScheduleSchema } } },
      async (request) => pauseSchedule(deps, requireUser(request).id, request.params.id),
    );

    app.post(
      '/api/schedules/:id/resume/',
      { schema: { params: IdParamsSchema, response: { 200: ScheduleSchema } } },
      async (request) => resumeSchedule(deps, requireUser(request).id, request.params.id),
    );

    app.delete('/api/schedules/:id/', { schema: { params: IdParamsSchema } }, async (request, reply) => {
      await deleteSchedule(deps, requireUser(request).id, request.params.id);
      return reply.status(204).send();
    });
  };
}
