import { sql, type Kysely } from 'kysely';

// The corpus's records per record type and calendar month of created_utc (UTC), with the newest retrieval of each:
// the public coverage page's figures (issue 31), kept by ingest batch by batch as corpus_totals is (one upsert a
// batch, no trigger), so that a page view reads a few hundred rows instead of grouping 10M.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('corpus_months')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('records', 'bigint', (c) => c.notNull())
    .addColumn('latest_retrieved_at', 'bigint')
    .addPrimaryKeyConstraint('corpus_months_pk', ['record_type', 'month'])
    .execute();
  // The rows already stored (a corpus ingested before this migration): one pass over each table.
  const month = isPostgres(db)
    ? `to_char(to_timestamp(created_utc) at time zone 'UTC', 'YYYY-MM')`
    : `strftime('%Y-%m', created_utc, 'unixepoch')`;
  for (const table of ['posts', 'comments'])
    await sql
      .raw(
        'insert into corpus_months (record_type, month, records, latest_retrieved_at) ' +
          `select '${table}', ${month}, count(*), max(retrieved_at) from ${table} group by ${month}`,
      )
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('corpus_months').execute();
}
