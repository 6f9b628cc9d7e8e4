import { queryOptions, useQuery } from '@tanstack/react-query';
import { CreditsSummaryResponseSchema, type CreditsSummaryResponse } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ACCOUNT_KEYS, ACCOUNT_PATHS } from './query-keys.ts';

/** The balance and its lots with granted, left, expiry and whether it expires soon. */
export async function getCreditsSummary(): Promise<CreditsSummaryResponse> {
  const response = await apiClient.get(ACCOUNT_PATHS.credits);
  return CreditsSummaryResponseSchema.parse(response.data);
}

export function useCreditsSummary() {
  return useQuery(queryOptions({ queryKey: ACCOUNT_KEYS.credits, queryFn: getCreditsSummary }));
}
