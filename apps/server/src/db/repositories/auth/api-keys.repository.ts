import type { ApiKeyScope } from '@threadcart/contracts';
import type { Db } from '../../database.ts';
import type { AuthUser } from './users.repository.ts';

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  scopes: ApiKeyScope[];
}

const PUBLIC_COLUMNS = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'scopes'] as const;

/** Scopes are stored space separated. */
const readScopes = (stored: string) => stored.split(' ').filter(Boolean) as ApiKeyScope[];

/** Stores a new API key by its hash. */
export async function insertApiKey(
  db: Db,
  key: {
    id: string;
    userId: string;
    name: string;
    prefix: string;
    keyHash: string;
    createdAt: string;
    scopes: ApiKeyScope[];
  },
): Promise<ApiKeyRecord> {
  await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      user_id: key.userId,
      name: key.name,
      prefix: key.prefix,
      key_hash: key.keyHash,
      created_at: key.createdAt,
      last_used_at: null,
      revoked_at: null,
      scopes: key.scopes.join(' '),
    })
    .execute();
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt,
    last_used_at: null,
    scopes: key.scopes,
  };
}

/** A user's keys that are not revoked, oldest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(PUBLIC_COLUMNS)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, scopes: readScopes(row.scopes) }));
}

/** Revokes every live key of a user; the number revoked. */
export async function revokeAllApiKeys(db: Db, userId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes a key of this user; false when it is unknown, someone else's or already revoked. */
export async function revokeApiKey(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The active user of a live key with this hash, and the key's last use. */
export async function findUserByApiKeyHash(
  db: Db,
  keyHash: string,
): Promise<{ keyId: string; lastUsedAt: string | null; scopes: ApiKeyScope[]; user: AuthUser } | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id as key_id', 'k.last_used_at', 'k.scopes', 'u.id', 'u.username', 'u.email'])
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      keyId: row.key_id,
      lastUsedAt: row.last_used_at,
      scopes: readScopes(row.scopes),
      user: { id: row.id, username: row.username, email: row.email },
    }
  );
}

/** Records a key's use. */
export async function touchApiKey(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
