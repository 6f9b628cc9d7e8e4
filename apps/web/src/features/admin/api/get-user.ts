import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUserDetailSchema, type AdminUserDetail } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PATHS } from './query-keys.ts';

/** One user with their orders, payments, credit lots and ledger. */
export async function getUser(id: string): Promise<AdminUserDetail> {
  const response = await apiClient.get(ADMIN_PATHS.user(id));
  return AdminUserDetailSchema.parse(response.data);
}

export function useUser(id: string | null) {
  return useQuery(
    queryOptions({ queryKey: ADMIN_KEYS.user(id ?? ''), queryFn: () => getUser(id!), enabled: id !== null }),
  );
}
