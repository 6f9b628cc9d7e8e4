import {
  DashboardStatsSchema,
  OrderSchema,
  PreviewResponseSchema,
  type CreateOrderInput,
  type DashboardStats,
  type FilterTreeInput,
  type PreviewResponse,
} from '@threadcart/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * An order as the dashboard reads it: the contract's fields, lenient where docs/product.md §2.8 and §6.2 allow gaps
 * (an unset status reads as pending, a missing title as "No title", the display-only statuses in_progress and error).
 */
export const DashboardOrderSchema = OrderSchema.partial().extend({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().nullish(),
  timestamp: z.string().nullish(),
  status: z.string().nullish(),
  query_string: z.string().nullish(),
  file_name: z.string().nullish(),
  progress: z.number().nullish(),
});
export type DashboardOrder = z.infer<typeof DashboardOrderSchema>;

/** The order payload as the form sends it; `filters` is the builder's tree (the server accepts that form). */
export type OrderPayload = Omit<CreateOrderInput, 'filters' | 'title'> & {
  title: string;
  filters: FilterTreeInput;
};

/** What the dry run needs: title and output format do not change it; sort and seed choose its sample records. */
export type PreviewPayload = Pick<
  OrderPayload,
  | 'search_type'
  | 'result_count'
  | 'filters'
  | 'sort'
  | 'sample_seed'
  | 'columns'
  | 'exclude_purchased'
  | 'include_context'
  | 'include_comments'
>;

export const ORDERS_PATHS = {
  list: '/api/search-queries/list/',
  create: '/api/search-queries/create/',
  preview: '/api/search-queries/preview/',
  stats: '/api/dashboard/stats/',
  download: (id: string) => `/api/download/${encodeURIComponent(id)}/`,
  manifest: (id: string) => `/api/search-queries/${encodeURIComponent(id)}/manifest/`,
  rerun: (id: string) => `/api/search-queries/${encodeURIComponent(id)}/rerun/`,
} as const;

/** The caller's orders, newest first. */
export async function listOrders(): Promise<DashboardOrder[]> {
  const response = await apiClient.get(ORDERS_PATHS.list);
  return z.array(DashboardOrderSchema).parse(response.data);
}

/** The dashboard counters (docs/product.md §6.2). */
export async function getDashboardStats(): Promise<DashboardStats> {
  const response = await apiClient.get(ORDERS_PATHS.stats);
  return DashboardStatsSchema.parse(response.data);
}

/** Places an order; the caller decides what a 2xx other than 201 means (docs/product.md §2.9). */
export async function createOrder(payload: OrderPayload): Promise<{ status: number }> {
  const response = await apiClient.post(ORDERS_PATHS.create, payload);
  return { status: response.status };
}

/** The free dry run: matches, credits needed, balance and 5 sample records. */
export async function previewOrder(payload: PreviewPayload, signal?: AbortSignal): Promise<PreviewResponse> {
  const response = await apiClient.post(ORDERS_PATHS.preview, payload, { signal });
  return PreviewResponseSchema.parse(response.data);
}

/** The delivered file of an order, as a blob. */
export async function fetchOrderFile(id: string): Promise<Blob> {
  const response = await apiClient.get<Blob>(ORDERS_PATHS.download(id), { responseType: 'blob' });
  return response.data;
}
