import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderInput, FilterTreeInput } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidateMe } from '../../../lib/session.tsx';
import { ORDERS_KEYS, ORDERS_PATHS } from './query-keys.ts';

/** The order payload as the form sends it; `filters` is the builder's tree (the server accepts that form). */
export type OrderPayload = Omit<CreateOrderInput, 'filters' | 'title'> & {
  title: string;
  filters: FilterTreeInput;
};

/** Places an order; the caller decides what a 2xx other than 201 means. `id` is the new order's, when there is one. */
export async function createOrder(payload: OrderPayload): Promise<{ status: number; id: string | null }> {
  const response = await apiClient.post(ORDERS_PATHS.create, payload);
  const body = response.data as { id?: unknown } | undefined;
  return { status: response.status, id: typeof body?.id === 'string' ? body.id : null };
}

/** The balance is re-read whatever the answer (the credits badge follows); the order list after an answer. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const invalidateMe = useInvalidateMe();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEYS.all });
      void invalidateMe();
    },
    onError: () => void invalidateMe(),
  });
}
