import { ACCESS_COOKIE, REFRESH_COOKIE } from './session-cookies.ts';

/**
 * How the API authenticates, for the OpenAPI document: the session cookie with its CSRF header, or an API key; the
 * refresh cookie for the refresh route and the scraper's bearer token for /metrics (each operation's own `security`:
 * openapi-operations.ts).
 */
interface ApiKeyScheme {
  readonly type: 'apiKey';
  readonly in: 'cookie' | 'header';
  readonly name: string;
  readonly description: string;
}

interface BearerScheme {
  readonly type: 'http';
  readonly scheme: 'bearer';
  readonly description: string;
}

export const OPENAPI_SECURITY: {
  components: { securitySchemes: Record<string, ApiKeyScheme | BearerScheme> };
  security: Record<string, string[]>[];
} = {
  components: {
    securitySchemes: {
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: ACCESS_COOKIE,
        description:
          'The session cookie set by POST /api/auth/token/ (sign-in) and renewed by POST /api/auth/token/refresh/. ' +
          'Its unsafe requests also need X-CSRFToken.',
      },
      refreshCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: REFRESH_COOKIE,
        description:
          'The refresh cookie set with the session by POST /api/auth/token/, sent only to /api/auth/: ' +
          'POST /api/auth/token/refresh/ trades it for a new session cookie (14 days by default; a rotated one sent ' +
          'again signs that session out).',
      },
      csrfToken: {
        type: 'apiKey',
        in: 'header',
        name: 'X-CSRFToken',
        description:
          'With the session cookie, every POST, PUT, PATCH and DELETE sends the value of the readable `csrftoken` ' +
          'cookie in this header; a missing or wrong one is a 403 (docs/decisions/004-csrf.md). API keys need none.',
      },
      apiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description:
          '`Token <key>`: an API key made on the API keys page; no CSRF header needed. Its scopes: `read` (GET, ' +
          'HEAD and the dry run) and `orders` (every other request); 403 `insufficient_scope` without. No key ' +
          'reaches account management (e-mail, password, deletion, keys, webhooks, data exports): 403 ' +
          '`session_required`; those need the session and a password proved in the last 10 minutes (403 ' +
          '`reauthentication_required`, then POST /api/auth/reauthenticate/).',
      },
      metricsToken: {
        type: 'http',
        scheme: 'bearer',
        description:
          "`Bearer <METRICS_TOKEN>`: the scraper's token for GET /metrics, set in the server's configuration; without " +
          'one configured the endpoint does not exist (404).',
      },
    },
  },
  security: [{ sessionCookie: [], csrfToken: [] }, { apiKey: [] }],
};
