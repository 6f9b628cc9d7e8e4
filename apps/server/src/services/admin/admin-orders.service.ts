import {
  ADMIN_MESSAGES,
  ORDER_MESSAGES,
  type AdminOrder,
  type AdminOrdersPage,
  type AdminOrdersQuery,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  cancelPendingOrder,
  findOrderWithUsername,
  listAllOrders,
  requeueFailedOrder,
} from '../../db/repositories/admin/admin-orders.repository.ts';
import { lockUserCredits } from '../../db/repositories/payments/credits.repository.ts';
import { findOrderById } from '../../db/repositories/orders/orders.repository.ts';
import type { OrderRow } from '../../db/tables/orders.tables.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { contentTypeFor } from '../../exports/index.ts';
import { releaseReservation, reserveCredits } from '../payments/ledger.service.ts';
import { recordOrderEvent } from '../operations/webhook-events.service.ts';
import { recordAudit } from './admin-audit.service.ts';
import { pageWindow, toAdminOrder } from './admin-present.ts';

/** Every user's orders, a page at a time, filtered by status and user. */
export async function listAdminOrders(deps: Deps, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const { rows, total } = await listAllOrders(deps.db, {
    status: query.status,
    userId: query.user_id,
    ...pageWindow(query),
  });
  return { items: rows.map(toAdminOrder), total, page: query.page, page_size: query.page_size };
}

async function getOrderRow(deps: Deps, orderId: string): Promise<OrderRow> {
  const row = await findOrderById(deps.db, orderId);
  if (!row) throw notFound();
  return row;
}

async function presentOrder(deps: Deps, orderId: string): Promise<AdminOrder> {
  const row = await findOrderWithUsername(deps.db, orderId);
  if (!row) throw notFound();
  return toAdminOrder(row);
}

/**
 * Puts a failed order back in the queue as the normal path places one: its full result_count is reserved again
 * (402 when the owner's balance is short), attempts start over, and the worker picks it up as a new order. The
 * reservation, the re-queue and the audit entry commit together; 409 unless the order is failed.
 */
export async function retryOrder(
  deps: Deps,
  adminUserId: string,
  orderId: string,
  reason: string,
): Promise<AdminOrder> {
  const order = await getOrderRow(deps, orderId);
  if (order.status !== 'failed') throw conflict(ADMIN_MESSAGES.orderNotFailed, 'order_not_failed');
  const now = deps.clock.now();
  await withTransaction(deps.db, async (trx) => {
    await lockUserCredits(trx, order.user_id);
    const { reservationId } = await reserveCredits(trx, {
      userId: order.user_id,
      amount: order.result_count,
      now,
    });
    const nowIso = now.toISOString();
    if (!(await requeueFailedOrder(trx, { orderId, reservationId, nowIso })))
      throw conflict(ADMIN_MESSAGES.orderNotFailed, 'order_not_failed');
    await recordAudit(trx, {
      adminUserId,
      action: 'order.retry',
      targetType: 'order',
      targetId: orderId,
      reason,
      details: { user_id: order.user_id, credits_reserved: order.result_count, previous_error: order.error },
      now,
    });
  });
  return presentOrder(deps, orderId);
}

/**
 * Cancels a pending order no worker holds: it ends `failed` with a message saying so, and its whole reservation
 * goes back to the lots through the ledger, in the same transaction as the audit entry and the order.failed webhook
 * event; 409 unless it is pending.
 */
export async function cancelOrder(
  deps: Deps,
  adminUserId: string,
  orderId: string,
  reason: string,
): Promise<AdminOrder> {
  const order = await getOrderRow(deps, orderId);
  if (order.status !== 'pending') throw conflict(ADMIN_MESSAGES.orderNotPending, 'order_not_pending');
  const now = deps.clock.now();
  await withTransaction(deps.db, async (trx) => {
    const nowIso = now.toISOString();
    const isCancelled = await cancelPendingOrder(trx, {
      orderId,
      error: ADMIN_MESSAGES.orderCancelled,
      nowIso,
    });
    if (!isCancelled) throw conflict(ADMIN_MESSAGES.orderNotPending, 'order_not_pending');
    await releaseReservation(trx, order.reservation_id, now);
    // For the owner's pipeline a cancelled order has failed: it will deliver nothing (decision 030).
    await recordOrderEvent(deps, trx, orderId, 'order.failed');
    await recordAudit(trx, {
      adminUserId,
      action: 'order.cancel',
      targetType: 'order',
      targetId: orderId,
      reason,
      details: { user_id: order.user_id, credits_released: order.result_count },
      now,
    });
  });
  return presentOrder(deps, orderId);
}

/** Any order's delivered file, as a stream with its name and type (the user's download, for an administrator). */
export async function openAnyOrderFile(deps: Deps, orderId: string) {
  const row = await getOrderRow(deps, orderId);
  const file = row.file_key ? await deps.storage.open(row.file_key) : undefined;
  if (!file || !row.file_name) throw new AppError(404, ORDER_MESSAGES.noFile, 'no_file');
  return { ...file, fileName: row.file_name, contentType: contentTypeFor(row.format_type, row.compression) };
}
