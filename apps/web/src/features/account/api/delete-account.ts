import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_PATHS } from './query-keys.ts';

/** Deletes the account (password and the word DELETE); the server ends every session. */
export async function deleteAccount(body: Required<DeleteAccountRequest>): Promise<void> {
  await apiClient.post(ACCOUNT_PATHS.deleteAccount, body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
