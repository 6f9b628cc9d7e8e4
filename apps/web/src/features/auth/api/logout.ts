import { apiClient } from '../../../lib/api-client.ts';

/** Ends the session on the server; false when that call failed. */
export async function logout(): Promise<boolean> {
  try {
    await apiClient.post('/api/auth/logout/', undefined, { skipAuthRefresh: true });
    return true;
  } catch {
    return false;
  }
}
