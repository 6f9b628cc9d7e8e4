import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeGeneratedCorpus } from '../../../corpus/generate.ts';
import { corpusSnapshot } from '../../../../test/fixtures/corpus/corpus-snapshot.ts';
import { killIngestMidLoad, startIngestChild } from '../../../../test/corpus-ingest-child.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import {
  listDeferrableObjects,
  listDeferredObjects,
} from '../../../db/repositories/corpus/ingest/corpus-bulk.repository.ts';
import { isCorpusBulkLoading } from './corpus-deferred.service.ts';
import { ingestBatchSize, ingestFiles } from './corpus-ingest.service.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { countMatches } from '../search/corpus-search.service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-bulk-crash-'));
const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const names = async (database: TestDatabase) =>
  (await listDeferrableObjects(database.db)).map((o) => `${o.kind} ${o.name}`).sort();

async function counts(database: TestDatabase): Promise<number[]> {
  const queries = [
    { field: 'keyword', operator: 'keyword_contains', value: 'python' },
    { field: 'regex', operator: 'regex_matches', value: '\\bdata\\b' },
  ];
  const found: number[] = [];
  for (const rule of queries) {
    const filters = parseFilterTreeWithRe2({ combinator: 'and', rules: [rule] });
    found.push((await countMatches(database.db, { filters, searchType: 'both' }, 1_000_000)).count);
  }
  return found;
}

it(`kill -9 during a bulk load leaves whole batches and the deferral; a re-run completes it (${TEST_DIALECT})`, async () => {
  const files = await writeGeneratedCorpus({ posts: 1000, comments: 45_000, seed: 13, outDir: dir });
  const paths = [files.postsFile, files.commentsFile];
  const crashed = await createTestDatabase();
  const clean = await createTestDatabase();
  opened.push(crashed, clean);

  const { signal, afterKill } = await killIngestMidLoad(crashed, paths, ['--bulk']);
  expect(signal).toBe('SIGKILL');
  expect(afterKill).toBeGreaterThan(0);
  expect(afterKill).toBeLessThan(45_000);
  expect(afterKill % ingestBatchSize(crashed.db)).toBe(0); // no half batch
  // The deferral outlives the process: searches stay off until it is finished.
  expect(await isCorpusBulkLoading(crashed)).toBe(true);
  expect((await listDeferredObjects(crashed.db)).length).toBeGreaterThan(5);

  const rerun = startIngestChild(crashed, paths, ['--bulk']);
  expect((await rerun.exited).code, rerun.output()).toBe(0);
  expect(rerun.output()).toContain(`unchanged ${(1000 + afterKill).toLocaleString('en-US')}`);
  expect(rerun.output()).toContain('building index posts_created_idx…');

  await ingestFiles(clean, paths);
  expect(await isCorpusBulkLoading(crashed)).toBe(false);
  expect(await names(crashed)).toEqual(await names(clean));
  expect(await corpusSnapshot(crashed.db)).toEqual(await corpusSnapshot(clean.db));
  const expected = await counts(clean);
  expect(expected.every((n) => n > 0)).toBe(true);
  expect(await counts(crashed)).toEqual(expected);
}, 120_000);
