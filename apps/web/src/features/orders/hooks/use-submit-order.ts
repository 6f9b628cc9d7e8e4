import { useNavigate } from 'react-router';
import { useCreateOrder, type OrderPayload } from '../api/create-order.ts';
import { describeSubmitError, optionFieldErrors, type OptionFieldErrors } from '../api/order-errors.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';

/** Why a submit did not place the order: the message to show, and the option fields' own 400 messages. */
export interface SubmitFailure {
  message: string;
  fields: OptionFieldErrors;
}

/**
 * Order submission: on 201 go to /order-completed; another status or a failure resolves to the message to show.
 * The balance and the order list are re-read either way (useCreateOrder), so the credits badge follows.
 */
export function useSubmitOrder() {
  const navigate = useNavigate();
  const mutation = useCreateOrder();

  async function submit(payload: OrderPayload): Promise<SubmitFailure | null> {
    try {
      const { status, id } = await mutation.mutateAsync(payload);
      if (status === 201) {
        // The order-done page leads to this order on the dashboard.
        navigate('/order-completed', { state: id ? { orderId: id } : null });
        return null;
      }
      return { message: ORDERS_UI_MESSAGES.unexpectedStatus(status), fields: {} };
    } catch (error) {
      return { message: describeSubmitError(error), fields: optionFieldErrors(error) };
    }
  }

  return { submit, isSubmitting: mutation.isPending };
}
