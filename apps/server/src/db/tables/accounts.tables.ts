import type { Generated, Selectable } from 'kysely';

export type UserRole = 'user' | 'admin';

export interface UsersTable {
  id: string;
  username: string;
  /** The username lower-cased: unique, so "Alice" and "alice" cannot both sign up. */
  username_key: string;
  email: string;
  email_key: string;
  name: string;
  password_hash: string;
  created_at: string;
  deleted_at: string | null;
  /** When the address in `email` was confirmed (the sign-up gift comes then); null until it is. */
  email_confirmed_at: string | null;
  /** 'user' or 'admin' (granted with `npm run admin -- grant`); defaults to 'user'. */
  role: Generated<UserRole>;
  /** Set while an administrator has disabled the account: no sign-in, no API key, no session. */
  disabled_at: string | null;
}

export interface RefreshFamiliesTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  /** When the session last proved the password (sign-in, re-authentication); null for sessions older than it. */
  authenticated_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The scopes granted, space separated: `read`, `orders` (docs/security.md). */
  scopes: Generated<string>;
}

export interface LoginFailuresTable {
  id: string;
  username_key: string;
  ip: string;
  created_at: string;
}

export interface AccountTables {
  users: UsersTable;
  refresh_families: RefreshFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  login_failures: LoginFailuresTable;
}

export type UserRow = Selectable<UsersTable>;
