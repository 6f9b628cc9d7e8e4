import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginRequest } from '@threadcart/contracts';
import { z } from 'zod';
import { LOGIN_PATH, apiClient } from '../../../lib/api-client.ts';
import { SessionUserSchema, markSignedIn, type SessionUser } from '../../../lib/session.tsx';
import { LoginWithoutUserError } from './auth-errors.ts';

const LoginResponseSchema = z.object({ user: SessionUserSchema.nullish() });

/** Signs in; the server sets the session cookies. A reply without a user is an error (docs/product.md §10.3). */
export async function login(body: Required<LoginRequest>): Promise<SessionUser> {
  const response = await apiClient.post(LOGIN_PATH, body, { skipAuthRefresh: true, skipCsrf: true });
  const parsed = LoginResponseSchema.safeParse(response.data);
  if (!parsed.success || !parsed.data.user) throw new LoginWithoutUserError();
  return parsed.data.user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => markSignedIn(queryClient, user),
  });
}
