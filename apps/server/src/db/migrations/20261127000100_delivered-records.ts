import { sql, type Kysely } from 'kysely';

// What each user received (docs/decisions/029-thread-context-and-purchased-records.md): an order with
// `exclude_purchased` leaves out the records a user already received in earlier orders. About 1,000 rows an order
// over millions of orders, so the rows are small: the user and the order are integers from two mapping tables
// (a UUID each would triple a row), the record its base36 id (6 to 8 bytes, no larger than a bigint). The primary
// key (buyer, type, record, delivery) is the exclusion's index: one probe a candidate row, whatever the user's
// history. A delivery goes with its order (retention, account deletion) by cascade, its rows with it.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('orders')
    .addColumn('exclude_purchased', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('record_buyers')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('order_deliveries')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('record_buyers.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('delivered_records')
    .addColumn('buyer_id', 'integer', (c) => c.notNull())
    /** 1 post, 2 comment */
    .addColumn('record_type', 'smallint', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'integer', (c) =>
      c.notNull().references('order_deliveries.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('delivered_records_pk', ['buyer_id', 'record_type', 'record_id', 'delivery_id'])
    // SQLite: the rows live in the primary key's b-tree (no rowid and no second copy of the key).
    .$call((table) => (pg ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // The cascade from a delivery finds its rows here.
  await db.schema
    .createIndex('delivered_records_delivery_idx')
    .on('delivered_records')
    .column('delivery_id')
    .execute();
  await db.schema
    .createIndex('order_deliveries_buyer_idx')
    .on('order_deliveries')
    .column('buyer_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivered_records').execute();
  await db.schema.dropTable('order_deliveries').execute();
  await db.schema.dropTable('record_buyers').execute();
  await db.schema.alterTable('orders').dropColumn('exclude_purchased').execute();
}
