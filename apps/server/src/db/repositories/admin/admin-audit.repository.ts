import type { Db } from '../../database.ts';
import type { AdminAuditRow } from '../../tables/admin.tables.ts';

export interface NewAuditEntry {
  id: string;
  adminUserId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export type AuditEntryWithAdmin = AdminAuditRow & { admin_username: string | null };

/** Appends one audit entry, in the caller's transaction (the action and its entry commit together). */
export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      id: entry.id,
      admin_user_id: entry.adminUserId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      reason: entry.reason,
      details: JSON.stringify(entry.details),
      created_at: entry.createdAt,
    })
    .execute();
}

/** A page of the audit log, newest first, with the acting administrator's username; and the total. */
export async function listAuditEntries(
  db: Db,
  page: { limit: number; offset: number; targetId?: string },
): Promise<{ rows: AuditEntryWithAdmin[]; total: number }> {
  let query = db.selectFrom('admin_audit as a');
  if (page.targetId) query = query.where('a.target_id', '=', page.targetId);
  const rows = await query
    .leftJoin('users as u', 'u.id', 'a.admin_user_id')
    .selectAll('a')
    .select('u.username as admin_username')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}
