/** Every cached answer of the account page sits under ['account'] (sign-out drops them with the rest). */
export const ACCOUNT_KEYS = {
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
  apiKeys: ['account', 'api-keys'] as const,
  payments: ['account', 'payments'] as const,
  receipt: (id: string) => ['account', 'payments', id] as const,
  credits: ['account', 'credits'] as const,
  ledger: (page: number) => ['account', 'ledger', page] as const,
  exports: ['account', 'exports'] as const,
  webhooks: ['account', 'webhooks'] as const,
};

export const ACCOUNT_PATHS = {
  me: '/api/users/me/',
  password: '/api/users/me/password/',
  apiKeys: '/api/users/me/api-keys/',
  revokeAllApiKeys: '/api/users/me/api-keys/revoke-all/',
  apiKey: (id: string) => `/api/users/me/api-keys/${encodeURIComponent(id)}/`,
  payments: '/api/users/me/payments/',
  payment: (id: string) => `/api/users/me/payments/${encodeURIComponent(id)}/`,
  credits: '/api/users/me/credits/',
  ledger: '/api/users/me/ledger/',
  exports: '/api/users/me/export/',
  deleteAccount: '/api/users/me/delete/',
  webhooks: '/api/webhooks/',
  webhook: (id: string) => `/api/webhooks/${encodeURIComponent(id)}/`,
  webhookTest: (id: string) => `/api/webhooks/${encodeURIComponent(id)}/test/`,
  /** The route the curl example lists (the caller's orders). */
  orderList: '/api/search-queries/list/',
} as const;
