import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export interface SignupInput {
  username: string;
  email: string;
  password1: string;
  password2: string;
}

/** Creates the account (no session is started); the name is the username (docs/product.md §3.1). */
export async function signup(input: SignupInput): Promise<void> {
  await apiClient.post(
    '/api/auth/signup/',
    { ...input, name: input.username },
    { skipAuthRefresh: true, skipCsrf: true },
  );
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
