import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RerunOrderResponseSchema, type RerunOrderResponse } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidateMe } from '../../../lib/session.tsx';
import { ORDERS_KEYS, ORDERS_PATHS } from './query-keys.ts';

/**
 * Places an order again as a new order (docs/decisions/029). Each call is a new Idempotency-Key: a click is a new
 * order, while a request the network repeats is not.
 */
export async function rerunOrder(id: string, excludePurchased: boolean): Promise<RerunOrderResponse> {
  const response = await apiClient.post(
    ORDERS_PATHS.rerun(id),
    { exclude_purchased: excludePurchased },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
  return RerunOrderResponseSchema.parse(response.data);
}

/** The re-run as a mutation: the order list, the counters and the balance are re-read after it, whatever it answered. */
export function useRerunOrder() {
  const queryClient = useQueryClient();
  const invalidateMe = useInvalidateMe();
  return useMutation({
    mutationFn: ({ id, excludePurchased }: { id: string; excludePurchased: boolean }) =>
      rerunOrder(id, excludePurchased),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEYS.all });
      void invalidateMe();
    },
  });
}
