import { apiClient } from '../../../lib/api-client.ts';

/** Proves the session's password again (valid 10 minutes for account management); a wrong one is a 400. */
export async function reauthenticate(password: string): Promise<void> {
  await apiClient.post('/api/auth/reauthenticate/', { password });
}
