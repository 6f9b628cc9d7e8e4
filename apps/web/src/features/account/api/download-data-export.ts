import { apiClient } from '../../../lib/api-client.ts';

/** The ZIP of a ready export, through the API client (so an expired access token is refreshed first). */
export async function downloadDataExport(downloadUrl: string): Promise<Blob> {
  const response = await apiClient.get<Blob>(downloadUrl, { responseType: 'blob' });
  return response.data;
}
