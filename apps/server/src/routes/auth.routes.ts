import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_MESSAGES,
  ConfirmEmailRequestSchema,
  ConfirmEmailResponseSchema,
  LoginRequestSchema,
  REAUTH_MESSAGES,
  ReauthenticateRequestSchema,
  SignupRequestSchema,
  UserResponseSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  clearSessionCookies,
  requireAccountSession,
  requireUser,
  setDeviceCookie,
  setSessionCookies,
} from '../plugins/auth.ts';
import { DEVICE_COOKIE } from '../plugins/session-cookies.ts';
import { issueCsrfToken, issueCsrfTokenForFamily } from '../plugins/csrf.ts';
import { signIn } from '../services/auth/auth.service.ts';
import { confirmEmail, resendConfirmation } from '../services/auth/email-confirmation.service.ts';
import { reauthenticate } from '../services/auth/reauthentication.service.ts';
import { RefreshRefusedError, endSession, rotateSession } from '../services/auth/sessions.service.ts';
import { presentUser, signUp } from '../services/auth/users.service.ts';

const DetailSchema = z.object({ detail: z.string() });

/** Sign-up, sign-in, refresh, logout and the CSRF token (docs/decisions/003 and 004). */
export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/auth/csrf/',
      { schema: { response: { 200: z.object({ csrfToken: z.string() }) } } },
      async (request, reply) => ({ csrfToken: await issueCsrfToken(request, reply, deps) }),
    );

    app.post(
      '/api/auth/signup/',
      { schema: { body: SignupRequestSchema, response: { 201: UserResponseSchema } } },
      async (request, reply) =>
        reply.status(201).send({ user: await signUp(deps, request.body, request.ip) }),
    );

    app.post(
      '/api/auth/confirm-email/',
      { schema: { body: ConfirmEmailRequestSchema, response: { 200: ConfirmEmailResponseSchema } } },
      async (request) => confirmEmail(deps, request.body.token),
    );

    app.post(
      '/api/auth/confirm-email/resend/',
      { schema: { response: { 200: DetailSchema } } },
      async (request) => ({ detail: await resendConfirmation(deps, requireUser(request)) }),
    );

    app.post(
      '/api/auth/reauthenticate/',
      { schema: { body: ReauthenticateRequestSchema, response: { 200: DetailSchema } } },
      async (request) => {
        const session = await requireAccountSession(request, deps);
        await reauthenticate(deps, session, request.body.password);
        return { detail: REAUTH_MESSAGES.reauthenticated };
      },
    );

    app.post(
      '/api/auth/token/',
      { schema: { body: LoginRequestSchema, response: { 200: UserResponseSchema } } },
      async (request, reply) => {
        const { user, tokens, deviceToken } = await signIn(
          deps,
          request.body,
          request.ip,
          request.cookies[DEVICE_COOKIE],
        );
        setSessionCookies(reply, deps, tokens);
        setDeviceCookie(reply, deps, deviceToken);
        // The token is bound to the session (docs/decisions/004-csrf.md): hand out the new session's at once.
        issueCsrfTokenForFamily(reply, deps, tokens.familyId);
        return { user };
      },
    );

    app.post(
      '/api/auth/token/refresh/',
      { schema: { response: { 200: UserResponseSchema } } },
      async (request, reply) => {
        const refreshToken = request.cookies[REFRESH_COOKIE];
        if (!refreshToken) throw new AppError(401, API_MESSAGES.notAuthenticated, 'not_authenticated');
        try {
          const { user, tokens } = await rotateSession(deps, refreshToken);
          setSessionCookies(reply, deps, tokens);
          return { user: await presentUser(deps, user) };
        } catch (error) {
          if (!(error instanceof RefreshRefusedError)) throw error;
          clearSessionCookies(reply, deps);
          throw new AppError(401, API_MESSAGES.tokenInvalid, 'token_not_valid');
        }
      },
    );

    app.post('/api/auth/logout/', { schema: { response: { 200: DetailSchema } } }, async (request, reply) => {
      const { [REFRESH_COOKIE]: refreshToken, [ACCESS_COOKIE]: accessToken } = request.cookies;
      await endSession(deps, { refreshToken, accessToken });
      clearSessionCookies(reply, deps);
      return { detail: 'Logged out.' };
    });
  };
}
