/** Guard and session texts of docs/product.md §10.3, word for word. */
export const SESSION_MESSAGES = {
  pleaseLogIn: 'Please log in to continue',
  loggedOut: 'You have been logged out.',
  sessionExpired: 'Session expired. Please log in again.',
  authTimedOut: 'Authentication timed out. Please log in again.',
} as const;

/** How long the start-up auth check may take before loading is cleared (docs/product.md §2.3, §11.4). */
export const AUTH_CHECK_TIMEOUT_MS = 5000;
