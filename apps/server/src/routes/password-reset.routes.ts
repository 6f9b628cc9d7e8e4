import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import {
  RESET_MESSAGES,
  confirmPasswordReset,
  requestPasswordReset,
} from '../services/auth/password-reset.service.ts';

const DetailSchema = z.object({ detail: z.string() });
const ResetRequestSchema = z.object({ email: z.string().max(320).optional() });
const ResetConfirmSchema = z.object({
  token: z.string().max(200).optional(),
  password1: z.string().max(1024).optional(),
  password2: z.string().max(1024).optional(),
});

/** Forgotten password: mail a reset link, then set a new password with it (docs/product.md §3.8). */
export function passwordResetRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/password-reset/',
      { schema: { body: ResetRequestSchema, response: { 200: DetailSchema } } },
      async (request) => {
        await requestPasswordReset(deps, request.body.email, request.ip);
        return { detail: RESET_MESSAGES.requested };
      },
    );

    app.post(
      '/api/auth/password-reset/confirm/',
      { schema: { body: ResetConfirmSchema, response: { 200: DetailSchema } } },
      async (request) => {
        await confirmPasswordReset(deps, request.body);
        return { detail: RESET_MESSAGES.done };
      },
    );
  };
}
