import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useInvalidateMe } from '../../../lib/session.tsx';
import { describeSubmitError, optionFieldErrors, type OptionFieldErrors } from '../api/order-errors.ts';
import { createOrder, type OrderPayload } from '../api/orders-api.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';
import { ORDERS_QUERY_KEY } from './use-orders.ts';

/** Why a submit did not place the order: the message of spec §8, and the option fields' own 400 messages. */
export interface SubmitFailure {
  message: string;
  fields: OptionFieldErrors;
}

/**
 * Order submission (spec §4): on 201 go to /order-completed; another status or a failure resolves to the
 * message to show. The balance and the order list are re-read either way, so the credits badge follows.
 */
export function useCreateOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidateMe = useInvalidateMe();
  const mutation = useMutation({ mutationFn: createOrder });

  async function submit(payload: OrderPayload): Promise<SubmitFailure | null> {
    try {
      const { status } = await mutation.mutateAsync(payload);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      void invalidateMe();
      if (status === 201) {
        navigate('/order-completed');
        return null;
      }
      return { message: ORDERS_UI_MESSAGES.unexpectedStatus(status), fields: {} };
    } catch (error) {
      void invalidateMe();
      return { message: describeSubmitError(error), fields: optionFieldErrors(error) };
    }
  }

  return { submit, isSubmitting: mutation.isPending };
}
