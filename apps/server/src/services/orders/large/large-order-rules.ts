import { ORDER_MESSAGES } from '@threadcart/contracts';
import type { Deps } from '../../../deps.ts';
import { FieldErrors } from '../../../errors.ts';
import { isZstdAvailable } from '../../../exports/compression.ts';
import type { ValidOrderRequest } from '../order-request.ts';

/**
 * The server's side of an order's size (docs/decisions/045-large-orders.md): a large order holds at most
 * MAX_ORDER_RECORDS records, and zstd is refused where the `zstd` command is missing. A standard order's 1 to 1,000
 * is the schema's (docs/product.md §6.1).
 */
export function assertOrderSize(deps: Deps, request: ValidOrderRequest): void {
  const max = deps.config.largeOrders.maxRecords;
  if (request.size === 'large' && request.resultCount > max)
    throw new FieldErrors({ result_count: [ORDER_MESSAGES.largeResultCount(max)] });
  if (request.compression === 'zstd' && !isZstdAvailable())
    throw new FieldErrors({ compression: [ORDER_MESSAGES.zstdUnavailable] });
}
