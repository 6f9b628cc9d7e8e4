import type { Kysely } from 'kysely';

// Thread context (docs/decisions/029-thread-context-and-purchased-records.md): two more order options, and the
// index the top comments of a post are read from. `(link_id, score desc, id)` replaces `(link_id)`: it serves every
// lookup by post the old one did, and lists a post's comments best first, so the top N of a post read N entries
// rather than every comment of the thread.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('include_context', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('include_comments', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('comments_link_score_idx')
    .on('comments')
    .columns(['link_id', 'score desc', 'id'])
    .execute();
  await db.schema.dropIndex('comments_link_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('comments_link_idx').on('comments').column('link_id').execute();
  await db.schema.dropIndex('comments_link_score_idx').execute();
  for (const column of ['include_comments', 'include_context'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
