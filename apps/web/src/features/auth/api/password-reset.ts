import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

const DetailSchema = z.object({ detail: z.string() });

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const response = await apiClient.post(
    '/api/auth/password-reset/',
    { email },
    { skipAuthRefresh: true, skipCsrf: true },
  );
  return DetailSchema.parse(response.data).detail;
}

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
  return DetailSchema.parse(response.data).detail;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
