import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginRequest } from '@threadcart/contracts';
import { LOGIN_PATH, apiClient } from '../../../lib/api-client.ts';
import { SessionUserResponseSchema, markSignedIn, type SessionUser } from '../../../lib/session.tsx';
import { LoginWithoutUserError } from './auth-errors.ts';

/** Signs in; the server sets the session cookies. A reply without a user is an error. */
export async function login(body: Required<LoginRequest>): Promise<SessionUser> {
  const response = await apiClient.post(LOGIN_PATH, body, { skipAuthRefresh: true, skipCsrf: true });
  const parsed = SessionUserResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new LoginWithoutUserError();
  return parsed.data.user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => markSignedIn(queryClient, user),
  });
}
