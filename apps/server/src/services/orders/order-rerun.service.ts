import {
  CorpusSnapshotSchema,
  describeCorpusChanges,
  type CreateOrderRequest,
  type RerunOrderRequest,
  type RerunOrderResponse,
} from '@threadcart/contracts';
import { findUserOrder } from '../../db/repositories/orders/orders.repository.ts';
import type { OrderRow } from '../../db/tables/orders.tables.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { takeCorpusSnapshot } from './order-manifest.service.ts';
import { parseStoredOrderRequest } from './order-request.ts';
import { placeOrder } from './orders.service.ts';

/**
 * "Re-run this order" (docs/decisions/029): places one of the caller's orders again as a new order (reserved and
 * charged as usual, the Idempotency-Key guarding a retried request), and says whether the corpus changed since the
 * order ran, from the snapshot its completion stored. 404 for anyone else's order.
 */
export async function rerunOrder(
  deps: Deps,
  userId: string,
  orderId: string,
  options: RerunOrderRequest,
  idempotencyKey?: string,
): Promise<RerunOrderResponse & { isReplay: boolean }> {
  const row = await findUserOrder(deps.db, userId, orderId);
  if (!row) throw notFound();
  const { order, isReplay } = await placeOrder(deps, userId, requestOf(row, options), idempotencyKey);
  const stored =
    row.corpus_snapshot === null ? null : CorpusSnapshotSchema.parse(JSON.parse(row.corpus_snapshot));
  if (!stored) return { order, isReplay, corpus_changed: null, corpus_changes: [] };
  const changes = describeCorpusChanges(stored, await takeCorpusSnapshot(deps.db));
  return { order, isReplay, corpus_changed: changes.length > 0, corpus_changes: changes };
}

/** The request an order was placed with, as stored (canonical tree, the seed that was used), through the schema. */
function requestOf(row: OrderRow, options: RerunOrderRequest): CreateOrderRequest {
  return parseStoredOrderRequest({
    title: row.title,
    search_type: row.search_type,
    format_type: row.format_type,
    result_count: Number(row.result_count),
    filters: JSON.parse(row.filters) as unknown,
    sort: row.sort,
    sample_seed: row.sample_seed === null ? null : Number(row.sample_seed),
    columns: row.columns === null ? null : (JSON.parse(row.columns) as string[]),
    exclude_purchased: options.exclude_purchased ?? Number(row.exclude_purchased) === 1,
    include_context: Number(row.include_context) === 1,
    include_comments: Number(row.include_comments),
    authors: row.authors,
    pseudonyms: row.pseudonyms,
    scrub: row.scrub === null ? [] : (JSON.parse(row.scrub) as unknown),
  });
}
