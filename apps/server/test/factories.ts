import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';

let counter = 0;

/** Inserts a user row directly (no password check needed), for tests below the HTTP layer. */
export async function insertTestUser(db: Kysely<Database>, overrides: { username?: string } = {}) {
  counter += 1;
  const username = overrides.username ?? `user_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const user = {
    id: newId(),
    username,
    username_key: username.toLowerCase(),
    email: `${username}@example.com`,
    email_key: `${username}@example.com`.toLowerCase(),
    name: username,
    password_hash: 'not-a-real-hash',
    created_at: new Date().toISOString(),
    deleted_at: null,
  };
  await db.insertInto('users').values(user).execute();
  return user;
}
