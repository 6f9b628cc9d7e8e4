import { queryOptions, useQuery } from '@tanstack/react-query';
import { CorpusCoverageSchema, type CorpusCoverage } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const COVERAGE_PATH = '/api/corpus/coverage/';
export const COVERAGE_KEY = ['corpus', 'coverage'] as const;

/** What the corpus holds (no sign-in): months, largest communities, newest retrieval, gaps, sample state. */
export async function getCoverage(signal?: AbortSignal): Promise<CorpusCoverage> {
  const response = await apiClient.get(COVERAGE_PATH, { signal });
  return CorpusCoverageSchema.parse(response.data);
}

export const coverageQueryOptions = () =>
  queryOptions({
    queryKey: COVERAGE_KEY,
    queryFn: ({ signal }) => getCoverage(signal),
    staleTime: 60_000,
  });

export const useCoverage = () => useQuery(coverageQueryOptions());
