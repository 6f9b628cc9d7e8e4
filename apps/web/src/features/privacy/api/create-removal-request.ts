import { useMutation } from '@tanstack/react-query';
import { RemovalDetailSchema, type RemovalRequestCreate } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Sends a removal request (no sign-in); the answer says to follow the mailed link. */
export async function createRemovalRequest(body: RemovalRequestCreate): Promise<string> {
  const response = await apiClient.post('/api/removal-requests/', body, {
    skipAuthRefresh: true,
    skipCsrf: true,
  });
  return RemovalDetailSchema.parse(response.data).detail;
}

export function useCreateRemovalRequest() {
  return useMutation({ mutationFn: createRemovalRequest });
}
