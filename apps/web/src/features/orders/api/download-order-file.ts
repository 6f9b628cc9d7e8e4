import type { DashboardOrder } from '@threadcart/contracts';
import { useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { ORDERS_PATHS } from './query-keys.ts';

/** The name a download is saved under: the order's file name, or file-{id}. */
export const downloadName = (order: Pick<DashboardOrder, 'id' | 'file_name'>) =>
  order.file_name || `file-${order.id}`;

/** The delivered file of an order, as a blob. */
export async function downloadOrderFile(id: string): Promise<Blob> {
  const response = await apiClient.get<Blob>(ORDERS_PATHS.download(id), { responseType: 'blob' });
  return response.data;
}

/** Downloads an order's file as a blob and saves it; a failure is only logged. */
export function useDownloadOrder() {
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function download(order: DashboardOrder): Promise<void> {
    setPendingId(order.id);
    try {
      saveBlob(await downloadOrderFile(order.id), downloadName(order));
    } catch (error) {
      console.error('File download failed', error);
    } finally {
      setPendingId(null);
    }
  }

  return { download, pendingId };
}
