import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminRemovalRequestsSchema, type AdminRemovalRequest } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PATHS } from './query-keys.ts';

export type RemovalStatus = 'pending' | 'approved' | 'rejected';

/** The removal requests queue: confirmed requests in one status. */
export async function listRemovalRequests(status: RemovalStatus): Promise<AdminRemovalRequest[]> {
  const response = await apiClient.get(ADMIN_PATHS.removals, { params: { status } });
  return AdminRemovalRequestsSchema.parse(response.data).items;
}

export function useRemovalRequests(status: RemovalStatus) {
  return useQuery(
    queryOptions({ queryKey: ADMIN_KEYS.removals(status), queryFn: () => listRemovalRequests(status) }),
  );
}
