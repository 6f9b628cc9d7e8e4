import { deleteOrder, listOrdersCreatedBefore } from '../../db/repositories/orders/orders.repository.ts';
import type { Deps } from '../../deps.ts';
import { addDays } from '../../lib/clock.ts';

/**
 * Deletes orders (search history) and their files once they are older than the retention period
 * (docs/product.md §9.1). The file goes first: a crash in between leaves an order without a file, never a file
 * without an order.
 */
export async function purgeExpiredOrders(deps: Deps, batchSize = 200): Promise<number> {
  const cutoff = addDays(deps.clock.now(), -deps.config.retentionDays).toISOString();
  let purged = 0;
  for (;;) {
    const orders = await listOrdersCreatedBefore(deps.db, cutoff, batchSize);
    for (const order of orders) {
      if (order.file_key) await deps.storage.delete(order.file_key);
      await deleteOrder(deps.db, order.id);
    }
    purged += orders.length;
    if (orders.length < batchSize) return purged;
  }
}
