import { sql, type Kysely } from 'kysely';

// The corpus's size per record type, real and sample records apart, and the newest retrieval of each (an order's
// manifest snapshot, docs/decisions/035-postgresql-at-10m.md): kept by ingest batch by batch (one upsert a batch, no
// trigger on the corpus tables), so that completing an order reads four rows instead of counting 10M.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('corpus_totals')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('is_sample', 'integer', (c) => c.notNull())
    .addColumn('records', 'bigint', (c) => c.notNull())
    .addColumn('latest_retrieved_at', 'bigint')
    .addPrimaryKeyConstraint('corpus_totals_pk', ['record_type', 'is_sample'])
    .execute();
  // The rows already stored (a corpus ingested before this migration).
  for (const table of ['posts', 'comments'])
    await sql
      .raw(
        'insert into corpus_totals (record_type, is_sample, records, latest_retrieved_at) ' +
          `select '${table}', is_sample, count(*), max(retrieved_at) from ${table} group by is_sample`,
      )
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('corpus_totals').execute();
}
