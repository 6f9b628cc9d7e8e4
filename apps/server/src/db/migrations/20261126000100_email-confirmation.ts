import type { Kysely } from 'kysely';

// Issue 18 item 3 (docs/decisions/020-email-confirmation.md): the sign-up gift waits for a confirmed e-mail address,
// a changed address takes effect when the link mailed to it is followed, and sign-ups are counted per address.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
  // Accounts made before this migration received their gift at sign-up: they count as confirmed then.
  await db
    .updateTable('users')
    .set((eb) => ({ email_confirmed_at: eb.ref('created_at') }))
    .execute();

  await db.schema
    .createTable('email_confirmations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'signup': confirms the address the account was made with; 'change': moves the account to `email`.
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_confirmations_user_idx')
    .on('email_confirmations')
    .columns(['user_id', 'created_at'])
    .execute();

  // One row per account created, by client address; purged with the other auth records.
  await db.schema
    .createTable('signup_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signup_attempts_ip_idx')
    .on('signup_attempts')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signup_attempts').execute();
  await db.schema.dropTable('email_confirmations').execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
}
