import type { Kysely } from 'kysely';

// Scheduled orders (docs/decisions/030-webhooks-and-schedules.md): an order request placed again every day or week
// by the worker, each run a new order. Runs fall on a grid from `anchor_at`; `next_run_at` is the next slot (null
// while paused), and advancing it is the claim of a run, so a run is placed once however many workers look.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** daily | weekly */
    .addColumn('cadence', 'text', (c) => c.notNull())
    /** active | paused */
    .addColumn('status', 'text', (c) => c.notNull())
    /** the order request each run places (JSON, as validated when the schedule was made) */
    .addColumn('request', 'text', (c) => c.notNull())
    /** the title runs start with (null: the usual "Search …" title) and the filter tree's text, for the list */
    .addColumn('title', 'text')
    .addColumn('query_string', 'text', (c) => c.notNull())
    .addColumn('anchor_at', 'text', (c) => c.notNull())
    .addColumn('next_run_at', 'text')
    .addColumn('first_order_id', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'text')
    /** placed | skipped */
    .addColumn('last_outcome', 'text')
    .addColumn('last_order_id', 'text')
    .addColumn('last_message', 'text')
    .addColumn('runs_placed', 'integer', (c) => c.notNull())
    .addColumn('runs_skipped', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_schedules_due_idx')
    .on('order_schedules')
    .columns(['status', 'next_run_at'])
    .execute();
  await db.schema
    .createIndex('order_schedules_user_idx')
    .on('order_schedules')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('order_schedules_first_order_idx')
    .on('order_schedules')
    .column('first_order_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_schedules').execute();
}
