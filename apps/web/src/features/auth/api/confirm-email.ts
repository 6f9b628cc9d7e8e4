import { useMutation } from '@tanstack/react-query';
import { ConfirmEmailResponseSchema, type ConfirmEmailResponse } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Follows the e-mailed link (any browser, signed in or not): the sign-up gift or the new address applies. */
export async function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  const response = await apiClient.post(
    '/api/auth/confirm-email/',
    { token },
    { skipAuthRefresh: true, skipCsrf: true },
  );
  return ConfirmEmailResponseSchema.parse(response.data);
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
