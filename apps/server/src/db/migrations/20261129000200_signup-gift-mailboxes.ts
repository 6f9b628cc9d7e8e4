import type { Kysely } from 'kysely';

// Issue 28 item 2: the sign-up gift once per mailbox, and sign-ups counted per network.
// signup_gift_mailboxes: a keyed hash (HMAC with SESSION_SECRET) of each normalised mailbox that received the gift;
// kept when the account is deleted, so deleting and signing up again brings no second gift. No address is stored.
// signup_attempts.network: the client's /24 (IPv4) or /64 (IPv6), counted besides the single address.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_gift_mailboxes')
    .addColumn('mailbox_hash', 'text', (c) => c.primaryKey())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('signup_attempts').addColumn('network', 'text').execute();
  await db.schema
    .createIndex('signup_attempts_network_created')
    .on('signup_attempts')
    .columns(['network', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('signup_attempts_network_created').execute();
  await db.schema.alterTable('signup_attempts').dropColumn('network').execute();
  await db.schema.dropTable('signup_gift_mailboxes').execute();
}
