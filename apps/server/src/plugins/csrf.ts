import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { hmacBase64Url, randomToken, safeEqual } from '../lib/secret-tokens.ts';
import { findSessionFamilyId } from '../services/auth/sessions.service.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session-cookies.ts';

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
  // Its authority is the single-use secret in the body, which another site cannot know (decision 020); the page
  // that posts it may be open in a signed-in browser.
  '/api/auth/confirm-email/',
  // A public form's entry points (decision 036): no session authorises them; JSON only, like sign-up.
  '/api/removal-requests/',
  '/api/removal-requests/confirm/',
  '/api/analytics/pageview/',
  '/api/paypal/webhook/',
]);

/** True when cookies must carry the Secure flag: the app is served over https. */
export const isSecureSite = (deps: Deps) => deps.config.appUrl.startsWith('https:');

/** The session a token belongs to: a refresh family id, or '' before sign-in. */
type CsrfBinding = string;

const sign = (secret: string, binding: CsrfBinding, nonce: string) =>
  hmacBase64Url(secret, `csrf.${binding}.${nonce}`);

/** A new CSRF token for one session: a random nonce and its HMAC over the session's family and the nonce. */
export function createCsrfToken(secret: string, binding: CsrfBinding): string {
  const nonce = randomToken(18);
  return `${nonce}.${sign(secret, binding, nonce)}`;
}

/** True when this server signed the token for this session; a token of another session fails. */
export function isValidCsrfToken(
  secret: string,
  binding: CsrfBinding,
  token: string | undefined,
): token is string {
  if (!token) return false;
  const [nonce, mac, ...rest] = token.split('.');
  return rest.length === 0 && !!nonce && !!mac && safeEqual(mac, sign(secret, binding, nonce));
}

/** The refresh family of the request's session cookies ('' when there is none): what its CSRF token is bound to. */
async function csrfBinding(request: FastifyRequest, deps: Deps): Promise<CsrfBinding> {
  const { [ACCESS_COOKIE]: accessToken, [REFRESH_COOKIE]: refreshToken } = request.cookies;
  if (!accessToken && !refreshToken) return '';
  return (await findSessionFamilyId(deps, { accessToken, refreshToken })) ?? '';
}

/** Sets the readable csrftoken cookie (the client copies it into X-CSRFToken). */
export function setCsrfCookie(reply: FastifyReply, deps: Deps, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecureSite(deps),
    maxAge: CSRF_MAX_AGE_SECONDS,
  });
}

/** Sets a fresh CSRF cookie bound to a session that just started (sign-in), so the next unsafe call can use it. */
export function issueCsrfTokenForFamily(reply: FastifyReply, deps: Deps, familyId: string): string {
  const token = createCsrfToken(deps.config.auth.secret, familyId);
  setCsrfCookie(reply, deps, token);
  return token;
}

/**
 * The CSRF token of the request's session: the cookie's, when it is valid for this session (so open tabs keep
 * working), else a new one; the cookie is set again either way.
 */
export async function issueCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
): Promise<string> {
  const binding = await csrfBinding(request, deps);
  const current = request.cookies[CSRF_COOKIE];
  const token = isValidCsrfToken(deps.config.auth.secret, binding, current)
    ? current
    : createCsrfToken(deps.config.auth.secret, binding);
  setCsrfCookie(reply, deps, token);
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
 * True when the browser says the request comes from another site (`Sec-Fetch-Site: cross-site`) or names an
 * `Origin` that is neither APP_URL's nor the address the request was sent to (the Vite dev proxy keeps the Host).
 */
function isCrossSite(request: FastifyRequest, deps: Deps): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === new URL(deps.config.appUrl).origin) return false;
  const host = request.headers.host;
  return !host || origin !== `${request.protocol}://${host}`;
}

/**
 * For unsafe requests: one that a session cookie authenticates is refused when it comes from another site, and
 * must send X-CSRFToken equal to the csrftoken cookie, signed by us for this very session. Exempt routes need no
 * token but must send application/json.
 */
export async function checkCsrf(
  request: FastifyRequest,
  deps: Deps,
  hasSessionCookie: boolean,
): Promise<void> {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const isCookieSession = hasSessionCookie && !hasTokenAuthorization(request);
  if (isCookieSession && isCrossSite(request, deps)) {
    throw new AppError(403, 'Cross-site requests are not allowed.', 'cross_site');
  }
  const route = request.routeOptions.url;
  if (route && CSRF_EXEMPT_ROUTES.has(route)) {
    if (!isJsonRequest(request)) {
      throw new AppError(415, 'Send the request body as application/json.', 'unsupported_media_type');
    }
    return;
  }
  if (!isCookieSession) return;
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[CSRF_COOKIE];
  const isValid =
    typeof header === 'string' &&
    typeof cookie === 'string' &&
    safeEqual(header, cookie) &&
    isValidCsrfToken(deps.config.auth.secret, await csrfBinding(request, deps), header);
  if (!isValid) throw new AppError(403, API_MESSAGES.csrfFailed, 'csrf_failed');
}
