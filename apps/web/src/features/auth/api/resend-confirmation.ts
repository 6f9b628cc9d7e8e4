import { useMutation } from '@tanstack/react-query';
import { DetailResponseSchema } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Mails the signed-in user a new sign-up confirmation link. */
export async function resendConfirmation(): Promise<string> {
  const response = await apiClient.post('/api/auth/confirm-email/resend/');
  return DetailResponseSchema.parse(response.data).detail;
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
