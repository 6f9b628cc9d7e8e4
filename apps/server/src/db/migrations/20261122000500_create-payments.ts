import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text', (c) => c.unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('package_id', 'integer')
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits > 0`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('capture_attempt', 'integer', (c) => c.notNull())
    .addColumn('capture_id', 'text', (c) => c.unique())
    .addColumn('lot_id', 'text')
    .addColumn('payer_id', 'text')
    .addColumn('last_issue', 'text')
    .addColumn('credited_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_user_idx')
    .on('payments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payments_status_idx')
    .on('payments')
    .columns(['status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .execute();

  await db.schema
    .createTable('payment_adjustments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('external_ref', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('credits_due', 'integer', (c) => c.notNull())
    .addColumn('credits_taken', 'integer', (c) => c.notNull())
    .addColumn('credits_uncollected', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_adjustments_payment_idx')
    .on('payment_adjustments')
    .column('payment_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payment_adjustments', 'webhook_events', 'payments']) {
    await db.schema.dropTable(table).execute();
  }
}
