/** Cached answers of the credits screen (sign-out drops them with the rest). */
export const CREDITS_KEYS = {
  summary: ['credits', 'summary'] as const,
};

export const CREDITS_PATHS = {
  credits: '/api/users/me/credits/',
  createOrder: '/api/paypal/create-order/',
  captureOrder: '/api/paypal/capture-order/',
} as const;
