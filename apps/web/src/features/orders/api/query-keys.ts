import type { SuggestField } from '@threadcart/contracts';

/** Every cached answer about the caller's orders sits under ['orders'] (placing or re-running an order invalidates it). */
export const ORDERS_KEYS = {
  all: ['orders'] as const,
  list: ['orders', 'list'] as const,
  stats: ['orders', 'stats'] as const,
  /** One dry run per payload (its JSON text). */
  preview: (payload: string | null) => ['orders', 'preview', payload] as const,
  suggest: (field: SuggestField, q: string) => ['corpus', 'suggest', field, q] as const,
  manifest: (id: string) => ['orders', 'manifest', id] as const,
};

export const ORDERS_PATHS = {
  list: '/api/search-queries/list/',
  create: '/api/search-queries/create/',
  preview: '/api/search-queries/preview/',
  stats: '/api/dashboard/stats/',
  suggest: '/api/corpus/suggest/',
  download: (id: string) => `/api/download/${encodeURIComponent(id)}/`,
  manifest: (id: string) => `/api/search-queries/${encodeURIComponent(id)}/manifest/`,
  rerun: (id: string) => `/api/search-queries/${encodeURIComponent(id)}/rerun/`,
} as const;

/** How often the dashboard re-reads orders and counters while an order is pending or processing. */
export const ORDERS_POLL_INTERVAL_MS = 2000;
