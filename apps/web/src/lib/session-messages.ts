/** Guard and session texts of spec §8, word for word. */
export const SESSION_MESSAGES = {
  pleaseLogIn: 'Please log in to continue',
  loggedOut: 'You have been logged out.',
  sessionExpired: 'Session expired. Please log in again.',
  authTimedOut: 'Authentication timed out. Please log in again.',
} as const;

/** How long the start-up auth check may take before loading is cleared (spec §9). */
export const AUTH_CHECK_TIMEOUT_MS = 5000;
