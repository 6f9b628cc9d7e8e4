/** The session cookies' names (docs/decisions/003-sessions-and-tokens.md), shared by the auth and CSRF plugins. */
export const ACCESS_COOKIE = 'tc_access';
export const REFRESH_COOKIE = 'tc_refresh';
