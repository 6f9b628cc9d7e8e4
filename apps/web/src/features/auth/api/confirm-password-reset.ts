import { useMutation } from '@tanstack/react-query';
import { DetailResponseSchema } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  token: string;
  password1: string;
  password2: string;
}

/** Sets a new password with the token from the e-mailed link; every session of the user ends. */
export async function confirmPasswordReset(input: ResetPasswordInput): Promise<string> {
  const response = await apiClient.post('/api/auth/password-reset/confirm/', input, {
    skipAuthRefresh: true,
    skipCsrf: true,
  });
  return DetailResponseSchema.parse(response.data).detail;
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
