import { randomBytes } from 'node:crypto';
import type { Db } from '../../database.ts';

/**
 * The secret named `name`, made (32 random bytes, hex) and stored on first use. Two callers racing both read the one
 * row that won the insert.
 */
export async function getOrCreatePrivacyKey(db: Db, name: string, nowIso: string): Promise<string> {
  const found = await db
    .selectFrom('privacy_keys')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.secret;
  await db
    .insertInto('privacy_keys')
    .values({ name, secret: randomBytes(32).toString('hex'), created_at: nowIso })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('privacy_keys')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** Deletes a secret (an account's pseudonym key when the account is purged). */
export async function deletePrivacyKey(db: Db, name: string): Promise<void> {
  await db.deleteFrom('privacy_keys').where('name', '=', name).execute();
}
