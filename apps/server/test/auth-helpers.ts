import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { User } from '@threadcart/contracts';
import { listOutbox } from '../src/services/operations/mail.service.ts';
import { depsOf } from './app-deps.ts';

export const TEST_PASSWORD = 'Secret123';

export interface SignUpOverrides {
  username?: string;
  email?: string;
  password?: string;
  name?: string;
  /** Client address for the sign-up and the sign-in (both are throttled per address). */
  ip?: string;
  /** Follow the confirmation link mailed at sign-up (the sign-up gift comes then); true unless set to false. */
  confirmEmail?: boolean;
}

export interface TestSession {
  user: User;
  username: string;
  password: string;
  /** Cookie name → value: tc_access, tc_refresh, csrftoken. */
  cookies: Record<string, string>;
  csrfToken: string;
  /** `cookie` + `x-csrftoken`, ready to spread into app.inject's headers. */
  headers: { cookie: string; 'x-csrftoken': string };
}

let counter = 0;

/** Cookie name → value of every Set-Cookie of a response (cleared cookies come back as ''). */
export function responseCookies(res: LightMyRequestResponse): Record<string, string> {
  const values: Record<string, string> = {};
  for (const c of res.cookies as { name: string; value: string }[]) values[c.name] = c.value;
  return values;
}

/** A Cookie header for these cookies (empty values left out). */
export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** Session headers for a (possibly updated) cookie jar and CSRF token. */
export function sessionHeaders(cookies: Record<string, string>, csrfToken: string) {
  return { cookie: cookieHeader(cookies), 'x-csrftoken': csrfToken };
}

/** Signs a new user up through the API, signs them in and fetches a CSRF token: a browser session, ready to use. */
export async function signUpAndSignIn(
  app: FastifyInstance,
  overrides: SignUpOverrides = {},
): Promise<TestSession> {
  counter += 1;
  const username = overrides.username ?? `user_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const password = overrides.password ?? TEST_PASSWORD;
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup/',
    ...(overrides.ip ? { remoteAddress: overrides.ip } : {}),
    payload: {
      username,
      email: overrides.email ?? `${username.toLowerCase()}@example.com`,
      password1: password,
      password2: password,
      name: overrides.name ?? username,
    },
  });
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.statusCode} ${signup.body}`);
  if (overrides.confirmEmail !== false) {
    await confirmEmailThroughOutbox(app, (signup.json() as { user: User }).user.email);
  }
  return signIn(app, username, password, overrides.ip);
}

/**
 * Signs an existing user in: a new browser session with its CSRF token (account management needs a session that
 * proved its password in the last 10 minutes, so tests that move the clock sign in again before it).
 */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password = TEST_PASSWORD,
  ip?: string,
): Promise<TestSession> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { username, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  // The CSRF token is bound to the session (docs/decisions/004-csrf.md): ask for it with the session's cookies.
  const csrf = await app.inject({
    method: 'GET',
    url: '/api/auth/csrf/',
    headers: { cookie: cookieHeader(responseCookies(login)) },
  });
  const cookies = { ...responseCookies(login), ...responseCookies(csrf) };
  const csrfToken = (csrf.json() as { csrfToken: string }).csrfToken;
  return {
    user: (login.json() as { user: User }).user,
    username,
    password,
    cookies,
    csrfToken,
    headers: sessionHeaders(cookies, csrfToken),
  };
}

/** The token of the latest confirmation link mailed to `email` (read from the outbox, as a person reads the mail). */
export async function latestConfirmationToken(app: FastifyInstance, email: string): Promise<string> {
  const mails = await listOutbox(depsOf(app), email);
  const link = mails
    .map((mail) => /\/confirm-email\?token=([^\s]+)/.exec(mail.body)?.[1])
    .filter((token) => token !== undefined)
    .at(-1);
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  return decodeURIComponent(link);
}

/** Follows the latest confirmation link mailed to `email`, as a person clicking it would. */
export async function confirmEmailThroughOutbox(app: FastifyInstance, email: string): Promise<void> {
  const token = await latestConfirmationToken(app, email);
  const res = await app.inject({ method: 'POST', url: '/api/auth/confirm-email/', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`e-mail confirmation failed: ${res.statusCode} ${res.body}`);
}

/** Creates an API key for a signed-in session; `headers` carries `authorization: Token <key>`. */
export async function createApiKey(
  app: FastifyInstance,
  session: TestSession,
  name = 'test key',
  scopes?: ('read' | 'orders')[],
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/keys/',
    headers: session.headers,
    payload: { name, ...(scopes ? { scopes } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`API key creation failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id: string; name: string; prefix: string; key: string };
  return { ...body, headers: { authorization: `Token ${body.key}` } };
}

/** Deletes the session's account through the API (password and the word DELETE), failing unless it worked. */
export async function deleteAccountThroughApi(app: FastifyInstance, session: TestSession): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/me/delete/',
    headers: session.headers,
    payload: { password: session.password, confirm: 'DELETE' },
  });
  if (res.statusCode !== 204) throw new Error(`account deletion failed: ${res.statusCode} ${res.body}`);
}
