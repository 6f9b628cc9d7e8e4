import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminCorpusSchema, type AdminCorpus } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PATHS } from './query-keys.ts';

/** The corpus by type, subreddit and month, its sample state and the ingest history. */
export async function getCorpus(): Promise<AdminCorpus> {
  const response = await apiClient.get(ADMIN_PATHS.corpus, { params: { top: 20 } });
  return AdminCorpusSchema.parse(response.data);
}

export function useCorpus() {
  return useQuery(queryOptions({ queryKey: ADMIN_KEYS.corpus, queryFn: getCorpus }));
}
