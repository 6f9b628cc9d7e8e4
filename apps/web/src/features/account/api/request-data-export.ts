import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataExportResponseSchema, type DataExport } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** Asks the worker for a ZIP of everything the account holds (202, pending). */
export async function requestDataExport(): Promise<DataExport> {
  const response = await apiClient.post(ACCOUNT_PATHS.exports);
  return DataExportResponseSchema.parse(response.data).export;
}

/** The new export goes to the top of the list at once, which starts the list's polling. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (created) => {
      queryClient.setQueryData<DataExport[]>(ACCOUNT_KEYS.exports, (current = []) => [
        created,
        ...current.filter((item) => item.id !== created.id),
      ]);
      return queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.exports });
    },
  });
}
