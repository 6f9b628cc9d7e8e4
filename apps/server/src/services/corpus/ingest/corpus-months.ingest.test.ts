import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeneratedCorpus } from '../../../corpus/generate.ts';
import { monthOf } from '../../../db/repositories/corpus/ingest/corpus-months.repository.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { bulkIngestFiles } from './corpus-bulk.service.ts';
import { ingestFiles } from './corpus-ingest.service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-months-'));
const opened: TestDatabase[] = [];
let files: string[];

beforeAll(async () => {
  const generated = await writeGeneratedCorpus({ posts: 300, comments: 1500, seed: 31, outDir: dir });
  files = [generated.postsFile, generated.commentsFile];
});
afterAll(async () => {
  for (const database of opened) await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** corpus_months as [type, month, records, newest retrieval], and the same from a GROUP BY over the tables. */
async function monthsKeptAndCounted(database: TestDatabase) {
  const kept = await database.db
    .selectFrom('corpus_months')
    .select(['record_type', 'month', 'records', 'latest_retrieved_at'])
    .where('records', '<>', 0)
    .execute();
  const counted = new Map<string, [string, string, number, number]>();
  for (const table of ['posts', 'comments'] as const) {
    const rows = await database.db.selectFrom(table).select(['created_utc', 'retrieved_at']).execute();
    for (const row of rows) {
      const month = monthOf(Number(row.created_utc));
      const entry = counted.get(`${table} ${month}`) ?? [table, month, 0, 0];
      entry[2] += 1;
      entry[3] = Math.max(entry[3], Number(row.retrieved_at));
      counted.set(`${table} ${month}`, entry);
    }
  }
  const sort = (rows: [string, string, number, number][]) =>
    rows.sort((a, b) => (`${a[0]} ${a[1]}` < `${b[0]} ${b[1]}` ? -1 : 1));
  return {
    kept: sort(kept.map((r) => [r.record_type, r.month, Number(r.records), Number(r.latest_retrieved_at)])),
    counted: sort([...counted.values()]),
  };
}

describe(`corpus_months kept by ingest (${TEST_DIALECT})`, () => {
  it('equals a GROUP BY month over the stored rows after batched, repeated and bulk loads', async () => {
    const normal = await createTestDatabase();
    opened.push(normal);
    await ingestFiles(normal, files, { batchSize: 97 });
    // The same files again change no count.
    await ingestFiles(normal, files);
    const months = await monthsKeptAndCounted(normal);
    expect(months.kept.length).toBeGreaterThan(12);
    expect(months.kept).toEqual(months.counted);

    const bulk = await createTestDatabase();
    opened.push(bulk);
    await bulkIngestFiles(bulk, files);
    const bulkMonths = await monthsKeptAndCounted(bulk);
    expect(bulkMonths.kept).toEqual(bulkMonths.counted);
    expect(bulkMonths.kept).toEqual(months.kept);
  }, 120_000);
});
