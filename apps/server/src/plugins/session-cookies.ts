/** The session cookies' names (docs/decisions/003-sessions-and-tokens.md), shared by the auth and CSRF plugins. */
export const ACCESS_COOKIE = 'tc_access';
export const REFRESH_COOKIE = 'tc_refresh';
/** The signed cookie of a device the user signed in from before: it skips the account's sign-in delay (issue 28). */
export const DEVICE_COOKIE = 'tc_device';
