import {
  ADMIN_DEFAULT_CUSTOMER_NOTES,
  ADMIN_GRANT_EXPIRY_DAYS,
  ADMIN_MESSAGES,
  type AdminDeductCreditsRequest,
  type AdminGrantCreditsRequest,
  type AdminUser,
  type AdminUserDetail,
  type AdminUsersPage,
  type AdminUsersQuery,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  listRecentLedgerEntries,
  listUserLots,
} from '../../db/repositories/admin/admin-credits.repository.ts';
import { listAllOrders } from '../../db/repositories/admin/admin-orders.repository.ts';
import { listAllPayments } from '../../db/repositories/admin/admin-payments.repository.ts';
import {
  findAdminUserById,
  isActiveAdmin,
  searchUsers,
  updateUserDisabled,
  type AdminUserRecord,
} from '../../db/repositories/admin/admin-users.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { addDays } from '../../lib/clock.ts';
import { deductCredits, getBalance, grantCredits } from '../payments/ledger.service.ts';
import { revokeAllSessions } from '../auth/sessions.service.ts';
import { recordAudit } from './admin-audit.service.ts';
import { pageWindow, toAdminOrder, toAdminPayment } from './admin-present.ts';

/** How much of a user's history the detail page shows. */
const DETAIL_LIMIT = 200;

/** The 403 for a signed-in user who is not an active administrator; checked on every /api/admin/ request. */
export async function assertAdmin(deps: Deps, userId: string): Promise<void> {
  if (!(await isActiveAdmin(deps.db, userId)))
    throw new AppError(403, ADMIN_MESSAGES.forbidden, 'permission_denied');
}

async function presentAdminUser(deps: Deps, user: AdminUserRecord): Promise<AdminUser> {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    role: user.role,
    credits: await getBalance(deps.db, user.id, deps.clock.now()),
    date_joined: user.createdAt,
    disabled_at: user.disabledAt,
  };
}

async function getAdminUser(deps: Deps, userId: string): Promise<AdminUserRecord> {
  const user = await findAdminUserById(deps.db, userId);
  if (!user) throw notFound();
  return user;
}

/** Users whose username, e-mail or name contains the query, a page at a time, with their balances. */
export async function listAdminUsers(deps: Deps, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const { users, total } = await searchUsers(deps.db, { q: query.q || undefined, ...pageWindow(query) });
  return {
    items: await Promise.all(users.map((user) => presentAdminUser(deps, user))),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** One user with their latest orders, payments, every credit lot and their latest ledger entries. */
export async function getAdminUserDetail(deps: Deps, userId: string): Promise<AdminUserDetail> {
  const user = await getAdminUser(deps, userId);
  const window = { userId, limit: DETAIL_LIMIT, offset: 0 };
  const [presented, orders, payments, lots, ledger] = await Promise.all([
    presentAdminUser(deps, user),
    listAllOrders(deps.db, window),
    listAllPayments(deps.db, window),
    listUserLots(deps.db, userId),
    listRecentLedgerEntries(deps.db, userId, DETAIL_LIMIT),
  ]);
  return {
    user: presented,
    orders: orders.rows.map(toAdminOrder),
    payments: payments.rows.map(toAdminPayment),
    lots: lots.map((lot) => ({
      ...lot,
      credits_granted: Number(lot.credits_granted),
      credits_left: Number(lot.credits_left),
    })),
    ledger: ledger.map((entry) => ({ ...entry, delta: Number(entry.delta) })),
  };
}

/**
 * Grants credits as a new lot of source `admin` (a `grant` ledger entry, never a balance edit) expiring after
 * `expires_in_days` (90 by default); the audit entry commits in the same transaction.
 */
export async function grantAdminCredits(
  deps: Deps,
  adminUserId: string,
  userId: string,
  body: AdminGrantCreditsRequest,
): Promise<{ credits: number; audit_id: string }> {
  await getAdminUser(deps, userId);
  const now = deps.clock.now();
  const days = body.expires_in_days ?? ADMIN_GRANT_EXPIRY_DAYS;
  const auditId = await withTransaction(deps.db, async (trx) => {
    const { lotId } = await grantCredits(trx, {
      userId,
      credits: body.credits,
      source: 'admin',
      expiresAt: addDays(now, days),
      now,
      // The customer's ledger shows the customer note; the internal reason stays in the audit log (issue 28).
      note: body.customer_note || ADMIN_DEFAULT_CUSTOMER_NOTES.grant,
    });
    return recordAudit(trx, {
      adminUserId,
      action: 'credits.grant',
      targetType: 'user',
      targetId: userId,
      reason: body.reason,
      details: { credits: body.credits, lot_id: lotId, expires_in_days: days },
      now,
    });
  });
  return { credits: await getBalance(deps.db, userId, now), audit_id: auditId };
}

/** Deducts credits with `adjustment` ledger entries; 400 when the balance is smaller (it never goes below zero). */
export async function deductAdminCredits(
  deps: Deps,
  adminUserId: string,
  userId: string,
  body: AdminDeductCreditsRequest,
): Promise<{ credits: number; audit_id: string }> {
  await getAdminUser(deps, userId);
  const now = deps.clock.now();
  return withTransaction(deps.db, async (trx) => {
    const { balance } = await deductCredits(trx, {
      userId,
      credits: body.credits,
      now,
      note: body.customer_note || ADMIN_DEFAULT_CUSTOMER_NOTES.deduct,
    });
    const auditId = await recordAudit(trx, {
      adminUserId,
      action: 'credits.deduct',
      targetType: 'user',
      targetId: userId,
      reason: body.reason,
      details: { credits: body.credits, balance_after: balance },
      now,
    });
    return { credits: balance, audit_id: auditId };
  });
}

/**
 * Disables or enables an account. Disabling ends every session at once (the refresh families are revoked, so
 * access tokens stop working on their next request); sign-in and API keys check the mark themselves. 409 when the
 * account already is in that state; an administrator cannot disable their own account.
 */
export async function setUserDisabled(
  deps: Deps,
  adminUserId: string,
  userId: string,
  input: { isDisabled: boolean; reason: string },
): Promise<AdminUser> {
  if (input.isDisabled && userId === adminUserId)
    throw conflict('You cannot disable your own account.', 'own_account');
  await getAdminUser(deps, userId);
  const now = deps.clock.now();
  await withTransaction(deps.db, async (trx) => {
    const isChanged = await updateUserDisabled(trx, userId, input.isDisabled ? now.toISOString() : null);
    if (!isChanged)
      throw conflict(input.isDisabled ? ADMIN_MESSAGES.alreadyDisabled : ADMIN_MESSAGES.notDisabled);
    if (input.isDisabled) await revokeAllSessions(trx, userId, now, 'disabled');
    await recordAudit(trx, {
      adminUserId,
      action: input.isDisabled ? 'user.disable' : 'user.enable',
      targetType: 'user',
      targetId: userId,
      reason: input.reason,
      now,
    });
  });
  return presentAdminUser(deps, await getAdminUser(deps, userId));
}
