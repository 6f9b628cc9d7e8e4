import type { Db } from '../../../database.ts';
import type { CorpusIngestRow, CorpusIngestsTable } from '../../../tables/admin.tables.ts';

/** Records one finished corpus ingest (the console's ingest history). */
export async function insertCorpusIngest(db: Db, row: CorpusIngestsTable): Promise<void> {
  await db.insertInto('corpus_ingests').values(row).execute();
}

/** The latest ingests, newest first. */
export async function listCorpusIngests(db: Db, limit: number): Promise<CorpusIngestRow[]> {
  return db
    .selectFrom('corpus_ingests')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
