/** Every cached answer of the operator console sits under ['admin'] (an action invalidates the lot). */
export const ADMIN_KEYS = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  orders: (status: string, userId: string, page: number) =>
    ['admin', 'orders', status, userId, page] as const,
  payments: (status: string, page: number) => ['admin', 'payments', status, page] as const,
  corpus: ['admin', 'corpus'] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
  removals: (status: string) => ['admin', 'removals', status] as const,
};

export const ADMIN_PATHS = {
  overview: '/api/admin/overview/',
  users: '/api/admin/users/',
  user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/`,
  credits: (id: string, action: 'grant' | 'deduct') =>
    `/api/admin/users/${encodeURIComponent(id)}/credits/${action}/`,
  disabled: (id: string, action: 'disable' | 'enable') =>
    `/api/admin/users/${encodeURIComponent(id)}/${action}/`,
  orders: '/api/admin/orders/',
  orderAction: (id: string, action: 'retry' | 'cancel') =>
    `/api/admin/orders/${encodeURIComponent(id)}/${action}/`,
  orderFile: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/file/`,
  payments: '/api/admin/payments/',
  refund: (id: string) => `/api/admin/payments/${encodeURIComponent(id)}/refund/`,
  corpus: '/api/admin/corpus/',
  audit: '/api/admin/audit/',
  removals: '/api/admin/removal-requests/',
  removalAction: (id: string, action: 'approve' | 'reject') =>
    `/api/admin/removal-requests/${encodeURIComponent(id)}/${action}/`,
} as const;

export const ADMIN_PAGE_SIZE = 25;
