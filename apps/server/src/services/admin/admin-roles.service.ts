import type { UserRole } from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  findAdminUserByUsername,
  updateUserRole,
} from '../../db/repositories/admin/admin-users.repository.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from './admin-audit.service.ts';

export class UnknownUserError extends Error {
  constructor(readonly username: string) {
    super(`No user named "${username}".`);
  }
}

/**
 * Gives a user (by username, any case) the role, with an audit entry in the same transaction (no administrator:
 * the command line acted). Returns whether anything changed; throws UnknownUserError for no such active user.
 */
export async function setUserRole(
  deps: Deps,
  username: string,
  role: UserRole,
): Promise<{ isChanged: boolean; username: string }> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (trx) => {
    const user = await findAdminUserByUsername(trx, username);
    if (!user) throw new UnknownUserError(username);
    const isChanged = await updateUserRole(trx, user.id, role);
    if (isChanged) {
      await recordAudit(trx, {
        adminUserId: null,
        action: role === 'admin' ? 'user.role_grant' : 'user.role_revoke',
        targetType: 'user',
        targetId: user.id,
        reason: 'command line',
        details: { username: user.username, role_before: user.role, role_after: role },
        now,
      });
    }
    return { isChanged, username: user.username };
  });
}
