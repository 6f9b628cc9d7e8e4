import { sql } from 'kysely';
import type { Db } from '../../database.ts';
import type { UserRole } from '../../tables/accounts.tables.ts';
import { identifierKey } from '../auth/users.repository.ts';

/** A user as the operator console sees them (never the password hash). */
export interface AdminUserRecord {
  id: string;
  username: string;
  email: string;
  name: string;
  role: UserRole;
  createdAt: string;
  disabledAt: string | null;
}

const COLUMNS = ['id', 'username', 'email', 'name', 'role', 'created_at', 'disabled_at'] as const;

const toRecord = (row: {
  id: string;
  username: string;
  email: string;
  name: string;
  role: UserRole;
  created_at: string;
  disabled_at: string | null;
}): AdminUserRecord => ({
  id: row.id,
  username: row.username,
  email: row.email,
  name: row.name,
  role: row.role,
  createdAt: row.created_at,
  disabledAt: row.disabled_at,
});

/** `%text%` for LIKE, with the pattern's own wildcards escaped (matched with `escape '\'`). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Active (not deleted) users whose username, e-mail or name contains `q` (any case), newest first, and how many
 * match. The name is compared lower-cased on both sides: PostgreSQL's LIKE is case-sensitive.
 */
export async function searchUsers(
  db: Db,
  input: { q?: string; limit: number; offset: number },
): Promise<{ users: AdminUserRecord[]; total: number }> {
  let query = db.selectFrom('users').where('deleted_at', 'is', null);
  if (input.q) {
    const pattern = containsPattern(identifierKey(input.q));
    query = query.where(
      sql<boolean>`(username_key like ${pattern} escape '\\' or email_key like ${pattern} escape '\\'
        or lower(name) like ${pattern} escape '\\')`,
    );
  }
  const rows = await query
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { users: rows.map(toRecord), total: Number(count.n) };
}

/** The active user with this id, role and disabled mark included. */
export async function findAdminUserById(db: Db, id: string): Promise<AdminUserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The active user with this username (any case), role included: what the admin CLI acts on. */
export async function findAdminUserByUsername(
  db: Db,
  username: string,
): Promise<AdminUserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(COLUMNS)
    .where('username_key', '=', identifierKey(username))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** True when the user is an administrator whose account is neither disabled nor deleted. */
export async function isActiveAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when an administrator has disabled this account. */
export async function isUserDisabled(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('disabled_at').where('id', '=', userId).executeTakeFirst();
  return row?.disabled_at != null;
}

/** Sets a user's role; false when the user already had it (nothing changed). */
export async function updateUserRole(db: Db, userId: string, role: UserRole): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role })
    .where('id', '=', userId)
    .where('role', '<>', role)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Disables (at a time) or enables (null) an account; false when it already was in that state. */
export async function updateUserDisabled(
  db: Db,
  userId: string,
  disabledAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: disabledAt })
    .where('id', '=', userId)
    .where('disabled_at', disabledAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
