import { API_MESSAGES, EMAIL_MESSAGES, REAUTH_MESSAGES } from '@threadcart/contracts';
import type { OperationTable } from './openapi-tags.ts';

const ID = '0193a4f2-7c1e-7b2a-9f3d-2c5e8a1b4d6f';
const USER = {
  id: '0193a4e0-1b2c-7d3e-8f40-5a6b7c8d9e0f',
  username: 'data_diver',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  credits: 1000,
  date_joined: '2026-11-02T08:15:30.000Z',
  email_confirmed: true,
  pending_email: null,
  role: 'user',
};
const KEY = {
  id: ID,
  name: 'Nightly export script',
  prefix: 'tc_Q2x8vN1k',
  created_at: '2026-11-20T10:04:12.000Z',
  last_used_at: null,
  scopes: ['read', 'orders'],
};
const CREATED_KEY = { ...KEY, key: 'tc_Q2x8vN1kR7pZ3mW9yB4tH6cJ0aL5sD8fG2hK1eU7iO' };

/** Auth and API keys. */
export const AUTH_OPERATIONS: OperationTable = {
  'GET /api/auth/csrf/': {
    tag: 'Auth',
    access: 'visitor',
    summary: 'Get the CSRF token of the current session',
    description:
      'Anyone may call it. It answers the token bound to the caller’s session (or to no session) and sets the ' +
      'readable `csrftoken` cookie; browsers send its value as `X-CSRFToken` on every POST, PUT, PATCH and DELETE ' +
      'made with the session cookie (403 `csrf_failed` otherwise). API-key clients need none.',
    response: { status: 200, example: { csrfToken: 'ZGY0YjU2ZTE.Mzk0MWE4YjM5ZDJmNDE2OQ' } },
  },
  'POST /api/auth/signup/': {
    tag: 'Auth',
    access: 'visitor',
    summary: 'Create an account',
    description:
      'Open to visitors (no CSRF token needed). Username 3–30 letters, digits or underscores; password at least 8 ' +
      'characters with an upper-case letter, a lower-case letter and a digit; `password2` must match. 201 with the ' +
      'new user, who receives the 1,000-credit sign-up gift once the e-mailed link is opened; 400 with a field map ' +
      '(`{"username": ["A user with that username already exists."]}`), 429 `too_many_signups` from one network.',
    body: {
      username: 'data_diver',
      email: 'ada@example.com',
      password1: 'Correct-Horse-7',
      password2: 'Correct-Horse-7',
      name: 'data_diver',
    },
    response: { status: 201, example: { user: { ...USER, credits: 0, email_confirmed: false } } },
  },
  'POST /api/auth/confirm-email/': {
    tag: 'Auth',
    access: 'visitor',
    summary: 'Confirm an e-mail address with its mailed token',
    description:
      'Whoever holds the token from the mailed link may call it. It confirms a new account’s address (granting the ' +
      'sign-up gift once per mailbox), applies a changed address, or reverts a change from the old address ' +
      '(`purpose`). A used, expired or unknown token is 400 `invalid_link`.',
    body: { token: 'h3Kq9ZrT0pXw5vB2nL8cYd1fMa6sEe4u' },
    response: { status: 200, example: { detail: EMAIL_MESSAGES.confirmedWithGift, purpose: 'signup' } },
  },
  'POST /api/auth/confirm-email/resend/': {
    tag: 'Auth',
    access: 'user',
    summary: 'Send the confirmation link again',
    description:
      'For a signed-in user whose address is not confirmed yet; no body. At most 5 links per user an hour (429 ' +
      'with `Retry-After`); 400 `already_confirmed` when there is nothing to confirm.',
    response: { status: 200, example: { detail: EMAIL_MESSAGES.resent('ada@example.com') } },
  },
  'POST /api/auth/reauthenticate/': {
    tag: 'Auth',
    access: 'session',
    summary: 'Prove the password again before a sensitive change',
    description:
      'Browser sessions only (an API key is 403 `session_required`). Creating or revoking API keys, adding or ' +
      'deleting webhooks and exporting data need the password proved in the last 10 minutes (403 ' +
      '`reauthentication_required` otherwise); this marks the session so. A missing or wrong password is 400 with a ' +
      '`password` field error; repeated failures fall under the sign-in throttle (429).',
    body: { password: 'Correct-Horse-7' },
    response: { status: 200, example: { detail: REAUTH_MESSAGES.reauthenticated } },
  },
  'POST /api/auth/token/': {
    tag: 'Auth',
    access: 'visitor',
    summary: 'Sign in: set the session cookies',
    description:
      'Open to visitors (no CSRF token needed). With the right username and password it answers the ' +
      'user and sets the `tc_access` session cookie, the `tc_refresh` cookie and a new `csrftoken`. Wrong ' +
      `credentials are 401 \`no_active_account\` ("${API_MESSAGES.invalidCredentials}"), a disabled account 403; ` +
      'repeated failures per username and address are 429 with `Retry-After`.',
    body: { username: 'data_diver', password: 'Correct-Horse-7' },
    response: { status: 200, example: { user: USER } },
  },
  'POST /api/auth/token/refresh/': {
    tag: 'Auth',
    access: 'refresh',
    summary: 'Renew the session cookie with the refresh cookie',
    description:
      'Sent by the browser after a 401, with the `tc_refresh` cookie and no body. It rotates the refresh token and ' +
      'sets a new `tc_access`; a missing cookie is 401 `not_authenticated`, an expired or revoked one 401 ' +
      '`token_not_valid` (and a rotated one sent again signs that session out everywhere).',
    response: { status: 200, example: { user: USER } },
  },
  'POST /api/auth/logout/': {
    tag: 'Auth',
    access: 'user',
    summary: 'Sign out',
    description:
      'Ends the session: the refresh family is revoked and the cookies cleared, so the old cookies are 401 from ' +
      'then on. No body; it answers 200 even without a session.',
    response: { status: 200, example: { detail: 'Logged out.' } },
  },
  'POST /api/auth/password-reset/': {
    tag: 'Auth',
    access: 'visitor',
    summary: 'Mail a password-reset link',
    description:
      'Open to visitors (no CSRF token needed). The answer is the same whether or not an account has that address, ' +
      'so it reveals nothing. At most 5 requests per address and 20 per client address an hour (429).',
    body: { email: 'ada@example.com' },
    response: {
      status: 200,
      example: { detail: 'If an account exists for that email, a reset link has been sent.' },
    },
  },
  'POST /api/auth/password-reset/confirm/': {
    tag: 'Auth',
    access: 'visitor',
    summary: 'Set a new password with the mailed reset token',
    description:
      'Whoever holds the mailed token (valid one hour, single use) may call it. The new password follows the ' +
      'sign-up rules; every session of the account is signed out. 400 with a field map: a bad password, or ' +
      '`token`: "This reset link is invalid or has expired."',
    body: { token: 'pR4nQ8wZ1xK7vT2mC5bY9dL3fH6sJ0aE', password1: 'New-Horse-42', password2: 'New-Horse-42' },
    response: { status: 200, example: { detail: 'Your password has been reset. Please log in.' } },
  },
  'POST /api/auth/keys/': {
    tag: 'API keys',
    access: 'session',
    summary: 'Create an API key (shown once)',
    description:
      'Browser session with the password proved in the last 10 minutes (403 `reauthentication_required`, then POST ' +
      '/api/auth/reauthenticate/); an API key cannot make keys (403 `session_required`). Name 1–100 characters; ' +
      'scopes `read` (reads and dry runs) and `orders` (everything else), both by default. The full `key` is in ' +
      'this answer only; send it as `Authorization: Token <key>`.',
    body: { name: 'Nightly export script', scopes: ['read', 'orders'] },
    response: { status: 201, example: CREATED_KEY },
  },
  'GET /api/auth/keys/': {
    tag: 'API keys',
    access: 'session',
    summary: 'List your API keys',
    description:
      'Browser session only (403 `session_required` for an API key). Each live key with its name, prefix, scopes ' +
      'and last use; never the key itself. The same list as GET /api/users/me/api-keys/.',
    response: { status: 200, example: { keys: [KEY] } },
  },
  'DELETE /api/auth/keys/{id}/': {
    tag: 'API keys',
    access: 'session',
    summary: 'Revoke an API key',
    description:
      'Browser session with the password proved in the last 10 minutes. The key is 401 at once on its next use. ' +
      'Another user’s key or an unknown id is 404; 204 with no body on success.',
    parameters: { id: ID },
    response: { status: 204 },
  },
  'GET /api/users/me/api-keys/': {
    tag: 'API keys',
    access: 'session',
    summary: 'List your API keys (account area)',
    description:
      'The account area’s path for GET /api/auth/keys/, for browser sessions only (403 `session_required` for an ' +
      'API key). Names, prefixes, scopes and last use of the live keys, never the keys.',
    response: { status: 200, example: { keys: [KEY] } },
  },
  'POST /api/users/me/api-keys/': {
    tag: 'API keys',
    access: 'session',
    summary: 'Create an API key (account area; shown once)',
    description:
      'The account area’s path for POST /api/auth/keys/: browser session with the password proved in the last 10 ' +
      'minutes (403 `reauthentication_required`). The full key is in this answer only.',
    body: { name: 'Analytics notebook', scopes: ['read'] },
    response: { status: 201, example: { ...CREATED_KEY, name: 'Analytics notebook', scopes: ['read'] } },
  },
  'POST /api/users/me/api-keys/revoke-all/': {
    tag: 'API keys',
    access: 'session',
    summary: 'Revoke every API key at once',
    description:
      'Browser session with the password proved in the last 10 minutes; no body. Every key of the caller stops ' +
      'working at once (the password page offers it after a change).',
    response: { status: 200, example: { detail: REAUTH_MESSAGES.keysRevoked(2) } },
  },
  'DELETE /api/users/me/api-keys/{id}/': {
    tag: 'API keys',
    access: 'session',
    summary: 'Revoke an API key (account area)',
    description:
      'The account area’s path for DELETE /api/auth/keys/{id}/, for a browser session with the password proved in ' +
      'the last 10 minutes. Another user’s key is 404; 204 with no body.',
    parameters: { id: ID },
    response: { status: 204 },
  },
};
