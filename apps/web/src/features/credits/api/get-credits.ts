import { queryOptions, useQuery } from '@tanstack/react-query';
import { CreditsResponseSchema, type CreditsResponse } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { CREDITS_KEYS, CREDITS_PATHS } from './query-keys.ts';

/** The balance and its lots; a failure is only logged (the balance from the session stays on screen). */
export async function getCredits(): Promise<CreditsResponse> {
  try {
    const response = await apiClient.get(CREDITS_PATHS.credits);
    return CreditsResponseSchema.parse(response.data);
  } catch (error) {
    console.error('Could not load credits', error);
    throw error;
  }
}

export const creditsQueryOptions = () =>
  queryOptions({ queryKey: CREDITS_KEYS.summary, queryFn: getCredits });

export function useCredits() {
  return useQuery(creditsQueryOptions());
}
