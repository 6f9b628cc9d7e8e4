import { apiClient, CSRF_PATH } from '../../../lib/api-client.ts';

/** Asks for the CSRF cookie first, as the return pages do, so the POST that follows carries it. */
export async function primeCsrf(): Promise<void> {
  await apiClient.get(CSRF_PATH, { skipAuthRefresh: true });
}
