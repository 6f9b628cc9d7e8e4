import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { hmacBase64Url, randomToken, safeEqual } from '../lib/secret-tokens.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const CSRF_MAX_AGE_SECONDS = 365 * 86_400;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that need no CSRF token (docs/decisions/004-csrf.md): they accept only application/json bodies, which a
 * cross-site form cannot send and a cross-site fetch cannot send without a CORS preflight we never allow.
 */
export const CSRF_EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  '/api/auth/token/',
  '/api/auth/signup/',
  '/api/auth/password-reset/',
  '/api/auth/password-reset/confirm/',
  '/api/analytics/pageview/',
  '/api/paypal/webhook/',
]);

/** True when cookies must carry the Secure flag: the app is served over https. */
export const isSecureSite = (deps: Deps) => deps.config.appUrl.startsWith('https:');

const sign = (secret: string, nonce: string) => hmacBase64Url(secret, `csrf.${nonce}`);

/** A new CSRF token: a random nonce and its HMAC under the session secret. */
export function createCsrfToken(secret: string): string {
  const nonce = randomToken(18);
  return `${nonce}.${sign(secret, nonce)}`;
}

/** True when the token is one this server signed. */
export function isValidCsrfToken(secret: string, token: string | undefined): token is string {
  if (!token) return false;
  const [nonce, mac, ...rest] = token.split('.');
  return rest.length === 0 && !!nonce && !!mac && safeEqual(mac, sign(secret, nonce));
}

/** The current CSRF token (the cookie's, when valid, so open tabs keep working), re-setting the cookie. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, deps: Deps): string {
  const current = request.cookies[CSRF_COOKIE];
  const token = isValidCsrfToken(deps.config.auth.secret, current)
    ? current
    : createCsrfToken(deps.config.auth.secret);
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecureSite(deps),
    maxAge: CSRF_MAX_AGE_SECONDS,
  });
  return token;
}

/** True when the request authenticates with `Authorization: Token <key>`; then cookies are ignored. */
export const hasTokenAuthorization = (request: FastifyRequest) =>
  /^Token\s+\S+\s*$/i.test(request.headers.authorization ?? '');

function isJsonRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * Double-submit check for unsafe requests that a session cookie authenticates: X-CSRFToken must equal the
 * csrftoken cookie and carry our signature. Exempt routes must instead send application/json.
 */
export function checkCsrf(request: FastifyRequest, deps: Deps, hasSessionCookie: boolean): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const route = request.routeOptions.url;
  if (route && CSRF_EXEMPT_ROUTES.has(route)) {
    if (!isJsonRequest(request)) {
      throw new AppError(415, 'Send the request body as application/json.', 'unsupported_media_type');
    }
    return;
  }
  if (hasTokenAuthorization(request) || !hasSessionCookie) return;
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[CSRF_COOKIE];
  const isValid =
    typeof header === 'string' &&
    typeof cookie === 'string' &&
    safeEqual(header, cookie) &&
    isValidCsrfToken(deps.config.auth.secret, header);
  if (!isValid) throw new AppError(403, API_MESSAGES.csrfFailed, 'csrf_failed');
}
