import type { Db } from '../../database.ts';
import type { UserRole, UserRow } from '../../tables/accounts.tables.ts';

/** The signed-in user as the rest of the server sees it. */
export interface AuthUser {
  id: string;
  username: string;
  email: string;
}

export interface UserRecord extends AuthUser {
  name: string;
  passwordHash: string;
  createdAt: string;
  emailConfirmedAt: string | null;
  role: UserRole;
}

export interface NewUser {
  id: string;
  username: string;
  email: string;
  name: string;
  passwordHash: string;
  createdAt: string;
}

/** The case-insensitive key usernames and e-mails are unique by. */
export const identifierKey = (value: string) => value.trim().toLowerCase();

const toUserRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  username: row.username,
  email: row.email,
  name: row.name,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  emailConfirmedAt: row.email_confirmed_at,
  role: row.role,
});

/** The active (not deleted) user with this username, ignoring case. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', identifierKey(username))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toUserRecord(row);
}

/** The active user with this e-mail address, ignoring case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email_key', '=', identifierKey(email))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toUserRecord(row);
}

/** The active user with this id. */
export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toUserRecord(row);
}

/** Which of a username and an e-mail already belong to an account (deleted ones included: the keys stay taken). */
export async function findTakenIdentifiers(
  db: Db,
  username: string,
  email: string,
): Promise<{ isUsernameTaken: boolean; isEmailTaken: boolean }> {
  const usernameKey = identifierKey(username);
  const emailKey = identifierKey(email);
  const rows = await db
    .selectFrom('users')
    .select(['username_key', 'email_key'])
    .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('email_key', '=', emailKey)]))
    .execute();
  return {
    isUsernameTaken: rows.some((r) => r.username_key === usernameKey),
    isEmailTaken: rows.some((r) => r.email_key === emailKey),
  };
}

/** Whether an account (deleted ones included) already uses this e-mail address, ignoring case. */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_key', '=', identifierKey(email))
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a user; a concurrent duplicate fails on the unique keys (see uniqueViolationField). */
export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      username: user.username,
      username_key: identifierKey(user.username),
      email: user.email.trim(),
      email_key: identifierKey(user.email),
      name: user.name,
      password_hash: user.passwordHash,
      created_at: user.createdAt,
      deleted_at: null,
      email_confirmed_at: null,
    })
    .execute();
}

/** Renames the user (the display name; the username never changes). */
export async function updateUserName(db: Db, userId: string, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
}

/** Replaces a user's password hash. */
export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Which unique key of users an insert error violated, on SQLite or PostgreSQL; null for any other error. */
export function uniqueViolationField(error: unknown): 'username' | 'email' | null {
  if (!(error instanceof Error)) return null;
  const { code, constraint } = error as Error & { code?: string; constraint?: string };
  const isUnique = code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
  if (!isUnique) return null;
  const text = `${constraint ?? ''} ${error.message}`;
  if (text.includes('username_key')) return 'username';
  if (text.includes('email_key')) return 'email';
  return null;
}
