import { useMutation } from '@tanstack/react-query';
import { DetailResponseSchema } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const response = await apiClient.post(
    '/api/auth/password-reset/',
    { email },
    { skipAuthRefresh: true, skipCsrf: true },
  );
  return DetailResponseSchema.parse(response.data).detail;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
