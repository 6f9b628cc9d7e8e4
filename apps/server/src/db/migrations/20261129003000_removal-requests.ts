import type { Kysely } from 'kysely';

// Privacy of the people in the corpus (docs/decisions/036-privacy-of-the-corpus.md): removal requests, the
// suppressions an approved one leaves behind (an id, or a keyed hash of an author name, and the request's id: no
// readable name), the keys those hashes and the per-account pseudonyms are made with, and two order options.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('removal_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** usernames | ids */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON array of the names or ids asked for; emptied once the request is decided */
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('target_count', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('statement', 'text', (c) => c.notNull())
    /** unconfirmed | pending | approved | rejected */
    .addColumn('status', 'text', (c) => c.notNull())
    /** SHA-256 of the confirmation link's token; null once confirmed */
    .addColumn('token_hash', 'text')
    .addColumn('token_expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('reason', 'text')
    .addColumn('records_erased', 'integer')
    .execute();
  await db.schema
    .createIndex('removal_requests_status_idx')
    .on('removal_requests')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('removal_requests_token_idx')
    .on('removal_requests')
    .column('token_hash')
    .execute();
  await db.schema
    .createTable('corpus_suppressions')
    /** post | comment | author */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** a base36 id, or for an author the hex HMAC-SHA-256 of the name's key under the suppression key */
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('corpus_suppressions_pk', ['kind', 'value'])
    .execute();
  await db.schema
    .createTable('privacy_keys')
    /** 'suppression', or 'account:<user id>' for a buyer's stable pseudonyms */
    .addColumn('name', 'text', (c) => c.primaryKey())
    /** 32 random bytes, hex */
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  /** as_is | pseudonymised | omitted */
  await db.schema
    .alterTable('orders')
    .addColumn('authors', 'text', (c) => c.notNull().defaultTo('as_is'))
    .execute();
  /** per_order | per_account: whose secret the pseudonyms are made with */
  await db.schema
    .alterTable('orders')
    .addColumn('pseudonyms', 'text', (c) => c.notNull().defaultTo('per_order'))
    .execute();
  /** JSON array of the scrubbed kinds (emails, phones, urls, mentions); null: none */
  await db.schema.alterTable('orders').addColumn('scrub', 'text').execute();
  /** JSON { email, phone, url, user }: how many of each the file's texts had replaced; null when nothing scrubbed */
  await db.schema.alterTable('orders').addColumn('scrub_counts', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['scrub_counts', 'scrub', 'pseudonyms', 'authors'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.dropTable('privacy_keys').execute();
  await db.schema.dropTable('corpus_suppressions').execute();
  await db.schema.dropTable('removal_requests').execute();
}
