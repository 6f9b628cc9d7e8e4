import { useState } from 'react';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchOrderFile, type DashboardOrder } from '../api/orders-api.ts';

/** The name a download is saved under: the order's file name, or file-{id} (spec §7). */
export const downloadName = (order: Pick<DashboardOrder, 'id' | 'file_name'>) =>
  order.file_name || `file-${order.id}`;

/** Downloads an order's file as a blob and saves it; a failure is only logged (spec §8). */
export function useDownloadOrder() {
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function download(order: DashboardOrder): Promise<void> {
    setPendingId(order.id);
    try {
      saveBlob(await fetchOrderFile(order.id), downloadName(order));
    } catch (error) {
      console.error('File download failed', error);
    } finally {
      setPendingId(null);
    }
  }

  return { download, pendingId };
}
