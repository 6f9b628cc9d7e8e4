import type { Kysely } from 'kysely';

// The scan lane (docs/decisions/038-scan-lane-and-budget.md): an order that no index narrows reads every stored
// record of its types; it is claimed in a lane of its own, and what it reads counts against its user's daily budget.

export async function up(db: Kysely<any>): Promise<void> {
  /** indexed | scan; orders placed before the lane existed are indexed (they keep their turn as before) */
  await db.schema
    .alterTable('orders')
    .addColumn('lane', 'text', (c) => c.notNull().defaultTo('indexed'))
    .execute();
  /** a scan-lane order: the records it reads (the corpus's stored count at placement); 0 for the indexed lane */
  await db.schema
    .alterTable('orders')
    .addColumn('scan_records', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The budget sums a user's scan orders of the day; the claim looks for due orders of one lane.
  await db.schema
    .createIndex('orders_user_lane_created_idx')
    .on('orders')
    .columns(['user_id', 'lane', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_user_lane_created_idx').execute();
  await db.schema.alterTable('orders').dropColumn('scan_records').execute();
  await db.schema.alterTable('orders').dropColumn('lane').execute();
}
