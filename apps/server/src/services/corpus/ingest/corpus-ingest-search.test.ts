import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeGeneratedCorpus } from '../../../corpus/generate.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { countMatches } from '../search/corpus-search.service.ts';
import { ingestFiles } from './corpus-ingest.service.ts';

// The full-text and trigram entries of rows replaced by newer retrievals (SQLite writes a batch's entries in one
// insert-select per table: docs/decisions/042-sqlite-month-ingest-and-size.md) answer as if only the newer
// retrieval had been ingested.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-ingest-search-'));
const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The files again as a later retrieval: some texts edited to hold "zebra", some deleted or removed. */
function retrieveAgain(file: string, out: string): string {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const again = lines.map((line, i) => {
    const record = JSON.parse(line) as Record<string, unknown>;
    record.retrieved_on = 1_900_000_000;
    const textField = 'body' in record ? 'body' : 'selftext';
    if (i % 3 === 0) record[textField] = `zebra crossing ${i}`;
    else if (i % 7 === 0) record[textField] = '[removed]';
    else if (i % 11 === 0) record[textField] = '[deleted]';
    return JSON.stringify(record);
  });
  fs.writeFileSync(out, `${again.join('\n')}\n`);
  return out;
}

async function counts(database: TestDatabase): Promise<number[]> {
  const rules = [
    { field: 'keyword', operator: 'keyword_contains', value: 'zebra' },
    { field: 'keyword', operator: 'keyword_contains', value: 'python' },
    { field: 'regex', operator: 'regex_matches', value: 'zebra cross' },
    { field: 'regex', operator: 'regex_matches', value: '\\bdata\\b' },
  ];
  const found: number[] = [];
  for (const rule of rules) {
    const filters = parseFilterTreeWithRe2({ combinator: 'and', rules: [rule] });
    found.push((await countMatches(database.db, { filters, searchType: 'both' }, 1_000_000)).count);
  }
  return found;
}

it(`keeps keyword and regex answers exact when newer retrievals edit, delete and remove texts (${TEST_DIALECT})`, async () => {
  const files = await writeGeneratedCorpus({ posts: 300, comments: 2000, seed: 21, outDir: dir });
  const first = [files.postsFile, files.commentsFile];
  const later = [
    retrieveAgain(files.postsFile, path.join(dir, 'RS_later.ndjson')),
    retrieveAgain(files.commentsFile, path.join(dir, 'RC_later.ndjson')),
  ];
  const updated = await createTestDatabase();
  const direct = await createTestDatabase();
  opened.push(updated, direct);

  await ingestFiles(updated, first, { batchSize: 700 });
  const before = await counts(updated);
  expect(await ingestFiles(updated, later, { batchSize: 900 })).toMatchObject({ inserted: 0, updated: 2300 });
  await ingestFiles(direct, later);

  const expected = await counts(direct);
  expect(expected.every((n) => n > 0)).toBe(true);
  expect(before[0]).toBe(0);
  expect(await counts(updated)).toEqual(expected);
}, 120_000);
