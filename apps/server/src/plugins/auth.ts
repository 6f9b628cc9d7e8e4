import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES, REAUTH_MESSAGES, type ApiKeyScope } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertAdmin } from '../services/admin/admin-users.service.ts';
import { authenticateApiKey } from '../services/auth/api-keys.service.ts';
import {
  assertRecentlyAuthenticated,
  type AccountSession,
} from '../services/auth/reauthentication.service.ts';
import { authenticateAccessToken, type SessionTokens } from '../services/auth/sessions.service.ts';
import type { AuthUser } from '../services/auth/users.service.ts';
import { checkCsrf, hasTokenAuthorization, isSecureSite } from './csrf.ts';
import { ACCESS_COOKIE, DEVICE_COOKIE, REFRESH_COOKIE } from './session-cookies.ts';

export type { AuthUser };

export { ACCESS_COOKIE, REFRESH_COOKIE };
const REFRESH_COOKIE_PATH = '/api/auth/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, or null (set for every request). */
    user: AuthUser | null;
    authMethod: 'cookie' | 'token' | null;
    /** Why credentials that were presented did not authenticate, for requireUser's 401. */
    authFailure: 'token_not_valid' | 'invalid_api_key' | null;
    /** The cookie session's refresh family, or null (API key, visitor). */
    sessionFamilyId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The scope an API key needs for this route; without it, `read` for GET/HEAD/OPTIONS and `orders` for the rest.
     * Account management refuses keys whatever their scopes (requireAccountSession).
     */
    apiKeyScope?: ApiKeyScope;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Authenticates every /api/ request (an `Authorization: Token <key>` header, else the tc_access cookie) and then
 * applies the CSRF check. Call on the root instance before any route is registered, so every route gets it.
 */
export function registerAuth(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('authMethod', null);
  app.decorateRequest('authFailure', null);
  app.decorateRequest('sessionFamilyId', null);
  app.addHook('onRequest', async (request) => {
    // Only the API authenticates by cookie; the SPA's files and the payment simulator's pages never do.
    if (!request.url.startsWith('/api/')) return;
    await authenticate(request, deps);
    const cookies = request.cookies;
    await checkCsrf(request, deps, Boolean(cookies[ACCESS_COOKIE] || cookies[REFRESH_COOKIE]));
  });
}

async function authenticate(request: FastifyRequest, deps: Deps): Promise<void> {
  if (hasTokenAuthorization(request)) {
    const key = request.headers.authorization!.trim().split(/\s+/)[1]!;
    const found = await authenticateApiKey(deps, key);
    if (!found) {
      request.authFailure = 'invalid_api_key';
      return;
    }
    const scope =
      request.routeOptions.config.apiKeyScope ?? (SAFE_METHODS.has(request.method) ? 'read' : 'orders');
    if (!found.scopes.includes(scope)) {
      throw new AppError(403, REAUTH_MESSAGES.insufficientScope(scope), 'insufficient_scope');
    }
    request.user = found.user;
    request.authMethod = 'token';
    return;
  }
  const accessToken = request.cookies[ACCESS_COOKIE];
  if (!accessToken) return;
  const session = await authenticateAccessToken(deps, accessToken);
  request.user = session?.user ?? null;
  request.sessionFamilyId = session?.familyId ?? null;
  request.authMethod = session ? 'cookie' : null;
  if (!session) request.authFailure = 'token_not_valid';
}

/** The signed-in user, or the 401 the web client reacts to (refresh and retry once when the token expired). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (request.user) return request.user;
  if (request.authFailure === 'token_not_valid') {
    throw new AppError(401, API_MESSAGES.tokenInvalid, 'token_not_valid');
  }
  if (request.authFailure === 'invalid_api_key')
    throw new AppError(401, 'Invalid token.', 'authentication_failed');
  throw new AppError(401, API_MESSAGES.notAuthenticated, 'not_authenticated');
}

/**
 * The user of a browser session, for account management (e-mail, password, deletion, API keys, webhooks, data
 * exports): an API key gets 403 `session_required` whatever its scopes (issue 28). With `recent`, the session must
 * also have proved its password in the last 10 minutes, or prove it now with `recent.password` (else 403
 * `reauthentication_required`).
 */
export async function requireAccountSession(
  request: FastifyRequest,
  deps: Deps,
  recent?: { password?: string; field?: string } | true,
): Promise<AccountSession & { user: AuthUser }> {
  if (request.authMethod === 'token') {
    throw new AppError(403, REAUTH_MESSAGES.sessionRequired, 'session_required');
  }
  const user = requireUser(request);
  const session = { userId: user.id, familyId: request.sessionFamilyId!, ip: request.ip };
  if (recent) {
    const password = recent === true ? undefined : recent.password;
    const field = recent === true ? 'password' : (recent.field ?? 'password');
    await assertRecentlyAuthenticated(deps, session, { value: password, field });
  }
  return { ...session, user };
}

/**
 * The signed-in administrator: 401 to a visitor (as requireUser), 403 to a user whose role is not `admin` (or whose
 * account is disabled). The role is read from the database on every call, so a revoke takes effect at once.
 */
export async function requireAdmin(request: FastifyRequest, deps: Deps): Promise<AuthUser> {
  const user = requireUser(request);
  await assertAdmin(deps, user.id);
  return user;
}

/** Sets both session cookies: httpOnly, SameSite=Lax, Secure over https; the refresh one only for /api/auth/. */
export function setSessionCookies(reply: FastifyReply, deps: Deps, tokens: SessionTokens): void {
  const base = { httpOnly: true, sameSite: 'lax', secure: isSecureSite(deps) } as const;
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/', maxAge: tokens.accessMaxAge });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    maxAge: tokens.refreshMaxAge,
  });
}

/** Remembers this device for a year (httpOnly, sent to /api/auth/ only): sign-in skips the account's delay. */
export function setDeviceCookie(reply: FastifyReply, deps: Deps, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureSite(deps),
    path: REFRESH_COOKIE_PATH,
    maxAge: 365 * 86_400,
  });
}

/** Expires both session cookies. */
export function clearSessionCookies(reply: FastifyReply, deps: Deps): void {
  const base = { httpOnly: true, sameSite: 'lax', secure: isSecureSite(deps) } as const;
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
}
