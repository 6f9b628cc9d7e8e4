import type { Kysely } from 'kysely';

// Large orders (docs/decisions/045-large-orders.md): up to MAX_ORDER_RECORDS records, fulfilled in a lane of their
// own, their file written in parts with a checkpoint so that a restart resumes where it stopped.

export async function up(db: Kysely<any>): Promise<void> {
  /** standard | large; every order placed before is standard */
  await db.schema
    .alterTable('orders')
    .addColumn('size', 'text', (c) => c.notNull().defaultTo('standard'))
    .execute();
  /** gzip | zstd | none for a large order's JSON, NDJSON or CSV; null otherwise */
  await db.schema.alterTable('orders').addColumn('compression', 'text').execute();
  /** records written to the file so far (a large order's progress, records written of result_count) */
  await db.schema
    .alterTable('orders')
    .addColumn('records_written', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** about how many seconds a running large order has left, from its rate; null when not known */
  await db.schema.alterTable('orders').addColumn('eta_seconds', 'integer').execute();
  /** JSON: the parts written so far and the keyset position after them (services/orders/large/) */
  await db.schema.alterTable('orders').addColumn('large_checkpoint', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['large_checkpoint', 'eta_seconds', 'records_written', 'compression', 'size'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
