import { queryOptions, useQuery } from '@tanstack/react-query';
import { CREDIT_PACKAGES, CreditPackagesResponseSchema, type CreditPackage } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { PRICING_KEYS, PRICING_PATHS } from './query-keys.ts';

/** The packages from the server; the fixed table in contracts when the server cannot say (e.g. a 404). */
export async function getCreditPackages(): Promise<readonly CreditPackage[]> {
  try {
    const response = await apiClient.get(PRICING_PATHS.packages);
    const packages = CreditPackagesResponseSchema.parse(response.data).packages;
    return packages.length > 0 ? packages : CREDIT_PACKAGES;
  } catch {
    return CREDIT_PACKAGES;
  }
}

export const creditPackagesQueryOptions = () =>
  queryOptions({
    queryKey: PRICING_KEYS.packages,
    queryFn: getCreditPackages,
    placeholderData: CREDIT_PACKAGES,
    staleTime: 5 * 60_000,
  });

export function useCreditPackages() {
  return useQuery(creditPackagesQueryOptions());
}
