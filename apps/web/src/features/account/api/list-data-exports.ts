import { queryOptions, useQuery } from '@tanstack/react-query';
import { DataExportListResponseSchema, type DataExport } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** How often the list is re-read while an export is being made. */
export const EXPORT_POLL_INTERVAL_MS = 2000;

const isInProgress = (item: DataExport) => item.state === 'pending' || item.state === 'processing';

/** The caller's exports, newest first. */
export async function listDataExports(): Promise<DataExport[]> {
  const response = await apiClient.get(ACCOUNT_PATHS.exports);
  return DataExportListResponseSchema.parse(response.data).exports;
}

/** Polled every 2 s while an export is pending or being made, not at all otherwise. */
export function useDataExports() {
  return useQuery(
    queryOptions({
      queryKey: ACCOUNT_KEYS.exports,
      queryFn: listDataExports,
      refetchInterval: (query) => (query.state.data?.some(isInProgress) ? EXPORT_POLL_INTERVAL_MS : false),
    }),
  );
}
