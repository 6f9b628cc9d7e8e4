import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credit_lots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text')
    .addColumn('credits_granted', 'integer', (c) => c.notNull())
    .addColumn('credits_left', 'integer', (c) => c.notNull().check(sql`credits_left >= 0`))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_lots_user_expiry_idx')
    .on('credit_lots')
    .columns(['user_id', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('credit_lots_source_ref_idx')
    .on('credit_lots')
    .columns(['source', 'source_ref'])
    .unique()
    .execute();

  await db.schema
    .createTable('credit_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('allocations', 'text', (c) => c.notNull())
    .addColumn('credits_used', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lot_id', 'text', (c) => c.notNull().references('credit_lots.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reservation_id', 'text', (c) => c.references('credit_reservations.id').onDelete('cascade'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_idx')
    .on('credit_ledger')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('credit_ledger_lot_idx').on('credit_ledger').column('lot_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['credit_ledger', 'credit_reservations', 'credit_lots']) {
    await db.schema.dropTable(table).execute();
  }
}
