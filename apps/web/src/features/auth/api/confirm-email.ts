import { useMutation } from '@tanstack/react-query';
import { ConfirmEmailResponseSchema, type ConfirmEmailResponse } from '@threadcart/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

const DetailSchema = z.object({ detail: z.string() });

/** Follows the e-mailed link (any browser, signed in or not): the sign-up gift or the new address applies. */
export async function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  const response = await apiClient.post(
    '/api/auth/confirm-email/',
    { token },
    { skipAuthRefresh: true, skipCsrf: true },
  );
  return ConfirmEmailResponseSchema.parse(response.data);
}

/** Mails the signed-in user a new sign-up confirmation link. */
export async function resendConfirmation(): Promise<string> {
  const response = await apiClient.post('/api/auth/confirm-email/resend/');
  return DetailSchema.parse(response.data).detail;
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
