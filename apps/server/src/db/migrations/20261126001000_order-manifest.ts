import type { Kysely } from 'kysely';

// The order manifest (docs/decisions/026-ndjson-parquet-manifest.md): what completion records for it. The file's
// SHA-256 (hex) and the corpus snapshot the order ran on (JSON). Orders completed before this have neither (null).
// The snapshot (records and newest retrieved_at per record type, real and sample apart) is taken at every
// completion; these indexes let it read an index instead of scanning the corpus tables.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('file_sha256', 'text').execute();
  await db.schema.alterTable('orders').addColumn('corpus_snapshot', 'text').execute();
  for (const table of ['posts', 'comments'])
    await db.schema
      .createIndex(`${table}_sample_retrieved_idx`)
      .on(table)
      .columns(['is_sample', 'retrieved_at'])
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['posts', 'comments'])
    await db.schema.dropIndex(`${table}_sample_retrieved_idx`).execute();
  for (const column of ['corpus_snapshot', 'file_sha256'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
