import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminAuditPageSchema, type AdminAuditPage } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PAGE_SIZE, ADMIN_PATHS } from './query-keys.ts';

/** The audit log, newest first, a page at a time. */
export async function listAudit(page: number): Promise<AdminAuditPage> {
  const response = await apiClient.get(ADMIN_PATHS.audit, { params: { page, page_size: ADMIN_PAGE_SIZE } });
  return AdminAuditPageSchema.parse(response.data);
}

export function useAudit(page: number) {
  return useQuery(
    queryOptions({
      queryKey: ADMIN_KEYS.audit(page),
      queryFn: () => listAudit(page),
      placeholderData: keepPreviousData,
    }),
  );
}
