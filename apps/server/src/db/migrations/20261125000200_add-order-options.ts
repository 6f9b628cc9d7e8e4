import type { Kysely } from 'kysely';

// Order options (docs/decisions/017-filter-fields.md): the result order, the seed of a random sample and the
// file's chosen columns. Existing orders keep today's behaviour: sort 'top', no seed, the default columns (null).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('sort', 'text', (c) => c.notNull().defaultTo('top'))
    .execute();
  await db.schema.alterTable('orders').addColumn('sample_seed', 'integer').execute();
  /** JSON array of column names, in order; null = the default layout */
  await db.schema.alterTable('orders').addColumn('columns', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['columns', 'sample_seed', 'sort'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
