import { useMutation } from '@tanstack/react-query';
import {
  ChangePasswordResponseSchema,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
} from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_PATHS } from './query-keys.ts';

/**
 * Changes the password; the server ends every other session and answers with a sentence to show and the API keys
 * that still work (the page offers to revoke them all).
 */
export async function changePassword(body: Required<ChangePasswordRequest>): Promise<ChangePasswordResponse> {
  const response = await apiClient.post(ACCOUNT_PATHS.password, body);
  return ChangePasswordResponseSchema.parse(response.data);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
