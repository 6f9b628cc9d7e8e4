import { apiClient } from '../../../lib/api-client.ts';

export interface PageView {
  /** Path with query, e.g. /pricing?ref=x. */
  path: string;
  title: string;
}

/** Counts a page view first-party (stored without IP or user); failures never reach the user. */
export async function sendPageView(view: PageView): Promise<void> {
  try {
    await apiClient.post('/api/analytics/pageview/', view, { skipAuthRefresh: true, skipCsrf: true });
  } catch {
    // analytics must never disturb the page
  }
}
