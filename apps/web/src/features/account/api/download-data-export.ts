import type { DataExport } from '@threadcart/contracts';
import { useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { ACCOUNT_UI_MESSAGES } from '../messages.ts';
import { failureMessage } from './account-errors.ts';

/** The name the ZIP is saved under. */
export const exportFileName = (item: Pick<DataExport, 'created_at'>) =>
  `threadcart-data-${item.created_at.slice(0, 10)}.zip`;

/** The ZIP of a ready export, through the API client (so an expired access token is refreshed first). */
export async function downloadDataExport(downloadUrl: string): Promise<Blob> {
  const response = await apiClient.get<Blob>(downloadUrl, { responseType: 'blob' });
  return response.data;
}

/** Downloads a ready export's ZIP; a failure becomes a message for the page. */
export function useDownloadExport() {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(item: DataExport): Promise<void> {
    if (!item.download_url) return;
    setPendingId(item.id);
    setError(null);
    try {
      saveBlob(await downloadDataExport(item.download_url), exportFileName(item));
    } catch (caught) {
      setError(failureMessage(caught, ACCOUNT_UI_MESSAGES.downloadFailed));
    } finally {
      setPendingId(null);
    }
  }

  return { download, pendingId, error };
}
