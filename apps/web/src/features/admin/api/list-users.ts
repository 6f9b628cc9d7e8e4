import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUsersPageSchema, type AdminUsersPage } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE, ADMIN_PATHS } from './query-keys.ts';

/** Users whose username, e-mail or name contains `q`, a page at a time. */
export async function listUsers(q: string, page: number): Promise<AdminUsersPage> {
  const response = await apiClient.get(ADMIN_PATHS.users, {
    params: { ...(q ? { q } : {}), page, page_size: ADMIN_PAGE_SIZE },
  });
  return AdminUsersPageSchema.parse(response.data);
}

export function useUsers(q: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: ADMIN_KEYS.users(q, page),
      queryFn: () => listUsers(q, page),
      placeholderData: keepPreviousData,
    }),
  );
}
