import type { AdminAuditAction, AdminAuditPage, AdminPageQuery } from '@threadcart/contracts';
import type { Db } from '../../db/database.ts';
import { insertAuditEntry, listAuditEntries } from '../../db/repositories/admin/admin-audit.repository.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../lib/ids.ts';

export interface AuditInput {
  /** The signed-in administrator; null for the command line. */
  readonly adminUserId: string | null;
  readonly action: AdminAuditAction;
  readonly targetType: 'user' | 'order' | 'payment' | 'removal_request';
  readonly targetId: string;
  readonly reason: string | null;
  readonly details?: Record<string, unknown>;
  readonly now: Date;
}

/** Appends an audit entry in `db`, which must be the action's own transaction; returns the entry's id. */
export async function recordAudit(db: Db, input: AuditInput): Promise<string> {
  const id = newId(input.now.getTime());
  await insertAuditEntry(db, {
    id,
    adminUserId: input.adminUserId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason,
    details: input.details ?? {},
    createdAt: input.now.toISOString(),
  });
  return id;
}

/** A page of the audit log, newest first. */
export async function listAudit(
  deps: Deps,
  query: AdminPageQuery & { target_id?: string },
): Promise<AdminAuditPage> {
  const { rows, total } = await listAuditEntries(deps.db, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    targetId: query.target_id,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      admin_user_id: row.admin_user_id,
      admin_username: row.admin_username,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      reason: row.reason,
      details: JSON.parse(row.details) as Record<string, unknown>,
      created_at: row.created_at,
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
