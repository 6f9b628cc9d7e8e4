import { useMutation } from '@tanstack/react-query';
import { AccountDetailResponseSchema, type ChangePasswordRequest } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_PATHS } from './query-keys.ts';

/** Changes the password; the server ends every other session and answers with a sentence to show. */
export async function changePassword(body: Required<ChangePasswordRequest>): Promise<string> {
  const response = await apiClient.post(ACCOUNT_PATHS.password, body);
  return AccountDetailResponseSchema.parse(response.data).detail;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
