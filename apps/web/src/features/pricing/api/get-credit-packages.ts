import { queryOptions, useQuery } from '@tanstack/react-query';
import { CREDIT_PACKAGES, CreditPackageSchema, type CreditPackage } from '@threadcart/contracts';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

const PackagesResponseSchema = z.object({ packages: z.array(CreditPackageSchema) });

/** The packages from the server; the fixed table in contracts when the server cannot say (e.g. a 404). */
export async function getCreditPackages(): Promise<readonly CreditPackage[]> {
  try {
    const response = await apiClient.get('/api/credit-packages/');
    const packages = PackagesResponseSchema.parse(response.data).packages;
    return packages.length > 0 ? packages : CREDIT_PACKAGES;
  } catch {
    return CREDIT_PACKAGES;
  }
}

export const creditPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['credit-packages'],
    queryFn: getCreditPackages,
    placeholderData: CREDIT_PACKAGES,
    staleTime: 5 * 60_000,
  });

export function useCreditPackages() {
  return useQuery(creditPackagesQueryOptions());
}
