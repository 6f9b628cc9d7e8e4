import {
  ACCOUNT_MESSAGES,
  DELETE_CONFIRM_WORD,
  DELETED_ACCOUNT_RETENTION_DAYS,
  PAYMENT_RECORD_RETENTION_YEARS,
  type DeleteAccountErrorKey,
  type DeleteAccountRequest,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  anonymiseUserRow,
  deleteDeletedUserRow,
  deleteOrdersByIds,
  deleteUserEmailConfirmations,
  deletePaymentsCreatedBefore,
  listAllUserOrders,
  listUsersDeletedBefore,
  removePaymentPersonalData,
  revokeOtherRefreshFamilies,
  revokeUserApiKeys,
} from '../../db/repositories/account/account.repository.ts';
import {
  deleteUserAccountExports,
  listAllUserAccountExports,
} from '../../db/repositories/account/account-exports.repository.ts';
import { deleteOutboxEmailsTo } from '../../db/repositories/operations/outbox.repository.ts';
import { findUserById } from '../../db/repositories/auth/users.repository.ts';
import { deleteUserSchedules } from '../../db/repositories/orders/schedules.repository.ts';
import { deleteUserWebhooks } from '../../db/repositories/operations/webhook-endpoints.repository.ts';
import type { Deps } from '../../deps.ts';
import { FieldErrors, notFound } from '../../errors.ts';
import { addDays } from '../../lib/clock.ts';
import { releaseReservation } from '../payments/ledger.service.ts';
import { confirmPassword } from './password.service.ts';
import { deletePrivacyKey } from '../../db/repositories/privacy/privacy-keys.repository.ts';
import { accountPseudonymKey } from '../privacy/order-privacy.service.ts';

/** What replaces the password hash of a deleted account: not an argon2 hash, so nothing ever verifies against it. */
const NO_PASSWORD = '!deleted';

/** The e-mail a deleted account keeps: unique to the row, never deliverable (RFC 2606 `.invalid`). */
export const deletedEmailPlaceholder = (userId: string) => `deleted-${userId.toLowerCase()}@deleted.invalid`;

/**
 * Deletes the signed-in user's account after checking the password and the word DELETE: order files are deleted
 * first, then in one transaction the orders go (held reservations released), every session and API key ends, the
 * user row is anonymised (username kept, e-mail freed, name cleared), pending e-mail confirmation links and webhook
 * endpoints (with their events), schedules and the mails kept for the address are deleted and the payments lose
 * their personal fields.
 * The row itself is purged DELETED_ACCOUNT_RETENTION_DAYS later by purgeDeletedAccounts.
 */
export async function deleteAccount(
  deps: Deps,
  userId: string,
  body: DeleteAccountRequest,
  ip: string,
): Promise<void> {
  const errors: Partial<Record<DeleteAccountErrorKey, string[]>> = {};
  if (!body.password) errors.password = [ACCOUNT_MESSAGES.deletePasswordRequired];
  if (body.confirm?.trim() !== DELETE_CONFIRM_WORD) errors.confirm = [ACCOUNT_MESSAGES.deleteConfirmRequired];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  await confirmPassword(deps, user, body.password!, {
    ip,
    field: 'password',
    message: ACCOUNT_MESSAGES.deletePasswordWrong,
  });

  const orders = await listAllUserOrders(deps.db, userId);
  const exports = await listAllUserAccountExports(deps.db, userId);
  // Files first: a crash in between leaves rows without files, never files nobody can reach or delete.
  for (const key of [...orders.map((o) => o.file_key), ...exports.map((e) => e.file_key)]) {
    if (key) await deps.storage.delete(key);
  }
  const now = deps.clock.now();
  const at = now.toISOString();
  await withTransaction(deps.db, async (trx) => {
    for (const order of orders) {
      if (order.status === 'pending' || order.status === 'processing') {
        await releaseReservation(trx, order.reservation_id, now);
      }
    }
    await deleteOrdersByIds(
      trx,
      orders.map((o) => o.id),
    );
    await deleteUserAccountExports(trx, userId);
    // Endpoints, events and schedules go at once: nothing is sent or placed for an account that no longer exists.
    await deleteUserWebhooks(trx, userId);
    await deleteUserSchedules(trx, userId);
    await revokeOtherRefreshFamilies(trx, { userId, keepFamilyId: null, at, reason: 'account_deleted' });
    await revokeUserApiKeys(trx, userId, at);
    await removePaymentPersonalData(trx, userId, at);
    await deleteUserEmailConfirmations(trx, userId);
    // The buyer's own pseudonym key (decision 036): nobody can recompute their pseudonyms any more.
    await deletePrivacyKey(trx, accountPseudonymKey(userId));
    // The mails kept for this address go now; the rest of the outbox ages out after OUTBOX_RETENTION_DAYS.
    await deleteOutboxEmailsTo(trx, user.email);
    const isDeleted = await anonymiseUserRow(trx, {
      userId,
      placeholderEmail: deletedEmailPlaceholder(userId),
      passwordHash: NO_PASSWORD,
      deletedAt: at,
    });
    if (!isDeleted) throw notFound();
  });
}

/**
 * Removes the rows of accounts deleted more than DELETED_ACCOUNT_RETENTION_DAYS ago (their credits, sessions, keys
 * and the rest go with them by cascade), and payment records older than PAYMENT_RECORD_RETENTION_YEARS, which
 * outlive the account. Returns how many accounts were purged.
 */
export async function purgeDeletedAccounts(
  deps: Deps,
  batchSize = 200,
): Promise<{ accounts: number; payments: number }> {
  const now = deps.clock.now();
  const cutoff = addDays(now, -DELETED_ACCOUNT_RETENTION_DAYS).toISOString();
  let accounts = 0;
  for (;;) {
    const ids = await listUsersDeletedBefore(deps.db, cutoff, batchSize);
    for (const id of ids) {
      // Nothing should be left on disk, but a file of an order finished during the deletion must not outlive it.
      for (const order of await listAllUserOrders(deps.db, id)) {
        if (order.file_key) await deps.storage.delete(order.file_key);
      }
      if (await deleteDeletedUserRow(deps.db, id)) accounts += 1;
    }
    if (ids.length < batchSize) break;
  }
  const paymentCutoff = new Date(now);
  paymentCutoff.setUTCFullYear(paymentCutoff.getUTCFullYear() - PAYMENT_RECORD_RETENTION_YEARS);
  let payments = 0;
  for (;;) {
    const deleted = await deletePaymentsCreatedBefore(deps.db, paymentCutoff.toISOString(), batchSize);
    payments += deleted;
    if (deleted < batchSize) break;
  }
  return { accounts, payments };
}
