import { useMutation } from '@tanstack/react-query';
import { RemovalDetailSchema } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Follows the mailed link of a removal request: the request then waits for an operator's decision. */
export async function confirmRemovalRequest(token: string): Promise<string> {
  const response = await apiClient.post(
    '/api/removal-requests/confirm/',
    { token },
    { skipAuthRefresh: true, skipCsrf: true },
  );
  return RemovalDetailSchema.parse(response.data).detail;
}

export function useConfirmRemovalRequest() {
  return useMutation({ mutationFn: confirmRemovalRequest });
}
