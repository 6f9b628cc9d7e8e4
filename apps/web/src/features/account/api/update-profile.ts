import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@threadcart/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateMe, ME_QUERY_KEY, SessionUserSchema, type SessionUser } from '../../../lib/session.tsx';
import { ACCOUNT_PATHS } from './query-keys.ts';

/** `{user}`, the user carrying `pending_email`; a top-level `pending_email` is read too. */
const UpdateProfileAnswerSchema = z.object({
  user: SessionUserSchema,
  pending_email: z.string().nullish(),
});

export interface UpdateProfileResult {
  user: SessionUser;
  /** The new address waiting for its confirmation link, or null. */
  pendingEmail: string | null;
}

/** Saves the name at once; a new e-mail waits for the link mailed to it. */
export async function updateProfile(body: UpdateProfileRequest): Promise<UpdateProfileResult> {
  const response = await apiClient.patch(ACCOUNT_PATHS.me, body);
  const answer = UpdateProfileAnswerSchema.parse(response.data);
  const pendingEmail = answer.pending_email ?? answer.user.pending_email ?? null;
  return { user: { ...answer.user, pending_email: pendingEmail }, pendingEmail };
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
