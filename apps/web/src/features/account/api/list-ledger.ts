import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LedgerPageResponseSchema, type LedgerPageResponse } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** One page of the ledger, newest first, with the total count. */
export async function listLedger(page: number): Promise<LedgerPageResponse> {
  const response = await apiClient.get(ACCOUNT_PATHS.ledger, { params: { page } });
  return LedgerPageResponseSchema.parse(response.data);
}

/** The page shown stays on screen while the next one loads. */
export function useLedger(page: number) {
  return useQuery(
    queryOptions({
      queryKey: ACCOUNT_KEYS.ledger(page),
      queryFn: () => listLedger(page),
      placeholderData: keepPreviousData,
    }),
  );
}
