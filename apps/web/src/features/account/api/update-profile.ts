import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import {
  invalidateMe,
  ME_QUERY_KEY,
  SessionUserResponseSchema,
  type SessionUser,
} from '../../../lib/session.tsx';
import { ACCOUNT_PATHS } from './query-keys.ts';

export interface UpdateProfileResult {
  user: SessionUser;
  /** The new address waiting for its confirmation link, or null. */
  pendingEmail: string | null;
}

/** Saves the name at once; a new e-mail waits for the link mailed to it. */
export async function updateProfile(body: UpdateProfileRequest): Promise<UpdateProfileResult> {
  const response = await apiClient.patch(ACCOUNT_PATHS.me, body);
  const { user } = SessionUserResponseSchema.parse(response.data);
  const pendingEmail = user.pending_email ?? null;
  return { user: { ...user, pending_email: pendingEmail }, pendingEmail };
}

/** The session's user is replaced by the answer, so the page and the navigation show it at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<SessionUser | null>(ME_QUERY_KEY, user);
      return invalidateMe(queryClient);
    },
  });
}
