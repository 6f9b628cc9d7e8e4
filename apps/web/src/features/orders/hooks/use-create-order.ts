import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useInvalidateMe } from '../../../lib/session.tsx';
import { describeSubmitError } from '../api/order-errors.ts';
import { createOrder, type OrderPayload } from '../api/orders-api.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { ORDERS_QUERY_KEY } from './use-orders.ts';

/**
 * Order submission (spec §4): on 201 go to /order-completed; another status or a failure resolves to the
 * message to show. The balance and the order list are re-read either way, so the credits badge follows.
 */
export function useCreateOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidateMe = useInvalidateMe();
  const mutation = useMutation({ mutationFn: createOrder });

  async function submit(payload: OrderPayload): Promise<string | null> {
    try {
      const { status } = await mutation.mutateAsync(payload);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      void invalidateMe();
      if (status === 201) {
        navigate('/order-completed');
        return null;
      }
      return ORDERS_UI_MESSAGES.unexpectedStatus(status);
    } catch (error) {
      void invalidateMe();
      return describeSubmitError(error);
    }
  }

  return { submit, isSubmitting: mutation.isPending };
}
