import type { Kysely } from 'kysely';

// Issue 28 item 1: an API key (or a stolen session) must not take the account.
// refresh_families.authenticated_at: when the session last proved its password (sign-in or re-authentication);
// account management needs it within the last 10 minutes. Sessions that existed before have none, so they re-enter
// their password once. api_keys.scopes: the scopes a key grants, space separated ('read orders' for older keys, the
// default both scopes).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_families').addColumn('authenticated_at', 'text').execute();
  await db.schema
    .alterTable('api_keys')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('read orders'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('scopes').execute();
  await db.schema.alterTable('refresh_families').dropColumn('authenticated_at').execute();
}
