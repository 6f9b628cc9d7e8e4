import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterTreeInput, SearchType } from '@threadcart/contracts';
import { writeGeneratedCorpus } from '../../../corpus/generate.ts';
import {
  corpusSnapshot,
  expectedReplies,
  findWrongSampleKeys,
} from '../../../../test/fixtures/corpus/corpus-snapshot.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import {
  deferCorpusObjects,
  INGEST_INDEXES,
  listDeferrableObjects,
  listDeferredObjects,
} from '../../../db/repositories/corpus/ingest/corpus-bulk.repository.ts';
import { bulkIngestFiles } from './corpus-bulk.service.ts';
import { isCorpusBulkLoading } from './corpus-deferred.service.ts';
import { ingestFiles } from './corpus-ingest.service.ts';
import { parseFilterTreeWithRe2 } from '../../../corpus/filters/parse-filter-tree.ts';
import { countMatches, searchCorpus } from '../search/corpus-search.service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-bulk-'));
const opened: TestDatabase[] = [];
let files: string[];
/** Some of the generated posts and comments again, from a newer retrieval with other text (and some removed). */
let newer: string;

const open = async () => {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
};

beforeAll(async () => {
  const generated = await writeGeneratedCorpus({ posts: 600, comments: 5000, seed: 27, outDir: dir });
  files = [generated.postsFile, generated.commentsFile];
  const lines = (file: string) => fs.readFileSync(file, 'utf8').trim().split('\n').slice(0, 40);
  const changed = [...lines(generated.postsFile), ...lines(generated.commentsFile)].map((line, i) => {
    const record = JSON.parse(line) as Record<string, unknown>;
    expect(typeof record.retrieved_on).toBe('number');
    const text = record.body === undefined ? 'title' : 'body';
    return JSON.stringify({
      ...record,
      retrieved_on: (record.retrieved_on as number) + 3600,
      [text]: i % 5 === 0 ? '[removed]' : `quokka zymurgy ${String(record[text])}`,
    });
  });
  newer = path.join(dir, 'newer.ndjson');
  fs.writeFileSync(newer, `${changed.join('\n')}\n`);
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const rule = (field: string, operator: string, value: unknown) => ({ field, operator, value });
const QUERIES: { searchType: SearchType; filters: FilterTreeInput }[] = [
  {
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('keyword', 'keyword_contains', 'python')] },
  },
  {
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('keyword', 'keyword_contains', 'quokka')] },
  },
  {
    searchType: 'posts',
    filters: { combinator: 'and', rules: [rule('keyword', 'keyword_contains', '"gpu ram"')] },
  },
  {
    searchType: 'both',
    filters: { combinator: 'and', rules: [rule('regex', 'regex_matches', '\\bzymurgy\\b')] },
  },
  {
    searchType: 'comments',
    filters: { combinator: 'and', rules: [rule('regex', 'regex_matches', 'librar(y|ies)')] },
  },
  {
    searchType: 'both',
    filters: {
      combinator: 'and',
      rules: [rule('subreddit', 'in', ['Python', 'books']), rule('keyword', 'keyword_contains', 'data')],
    },
  },
  { searchType: 'posts', filters: { combinator: 'and', rules: [rule('upvotes', '>=', 10)] } },
  { searchType: 'comments', filters: { combinator: 'and', rules: [rule('replies', '>=', 1)] } },
];

/** Every query's first 200 records (ids, in order) and its exact count: what searches answer over this corpus. */
async function searches(database: TestDatabase) {
  const answers: { ids: string; count: number }[] = [];
  for (const query of QUERIES) {
    const request = { ...query, filters: parseFilterTreeWithRe2(query.filters) };
    const found = await searchCorpus(database.db, { ...request, resultCount: 200 });
    const counted = await countMatches(database.db, request, 1_000_000);
    answers.push({
      ids: [...found.posts.map((p) => `p${p.id}`), ...found.comments.map((c) => `c${c.id}`)].join(' '),
      count: counted.count,
    });
  }
  return answers;
}

/** The corpus tables' deferrable indexes (and SQLite triggers) by name, with their definitions minus the schema. */
async function indexes(database: TestDatabase) {
  const schema = database.schema ? new RegExp(`\\b${database.schema}\\.`, 'g') : /^$/;
  const objects = await listDeferrableObjects(database.db);
  return objects.map((o) => `${o.kind} ${o.name}: ${o.definition.replace(schema, '')}`).sort();
}

describe(`bulk ingest (${TEST_DIALECT})`, () => {
  let normal: TestDatabase;
  beforeAll(async () => {
    normal = await open();
    await ingestFiles(normal, files);
  }, 120_000);

  it('stores the same rows, indexes and search answers as a normal ingest, again after a newer retrieval', async () => {
    const bulk = await open();
    const steps: string[] = [];
    const summary = await bulkIngestFiles(bulk, files, { onStep: (m) => steps.push(m) });
    expect(summary).toMatchObject({ read: 5600, inserted: 5600, updated: 0, errors: [] });
    const expected = await indexes(normal);
    // Every search index of both tables was deferred and built: the GIN indexes, or the FTS5 triggers.
    const searchObjects =
      TEST_DIALECT === 'postgres'
        ? ['posts_search_idx', 'posts_regex_trgm_idx', 'comments_search_idx', 'comments_regex_trgm_idx']
        : [
            'posts_search_ai',
            'posts_search_ad',
            'posts_search_au',
            'comments_search_ai',
            'comments_search_au',
          ];
    for (const name of searchObjects) expect(expected.some((line) => line.includes(` ${name}: `))).toBe(true);
    expect(summary.deferred).toBe(expected.length + 1); // and the name counts
    expect(steps).toContain('counting the names of subreddits, authors and domains…');
    expect(steps).toContain('building index posts_created_idx…');
    if (TEST_DIALECT === 'sqlite')
      expect(steps).toContain('rebuilding the search tables comments_fts and comments_tri…');
    expect(await indexes(bulk)).toEqual(expected);
    expect(await listDeferredObjects(bulk.db)).toEqual([]);
    expect(await corpusSnapshot(bulk.db)).toEqual(await corpusSnapshot(normal.db));
    // Both write paths (PostgreSQL: COPY in the bulk load, multi-row inserts in the normal one) store the keys.
    expect(await findWrongSampleKeys(bulk.db)).toEqual([]);
    expect(await findWrongSampleKeys(normal.db)).toEqual([]);
    expect(steps).toContain('building index posts_sample_key_idx…');
    expect(await nameCounts(bulk)).toEqual(await nameCounts(normal));
    const answers = await searches(normal);
    expect(answers.filter((a) => a.count > 0).length).toBeGreaterThanOrEqual(QUERIES.length - 2);
    expect(await searches(bulk)).toEqual(answers);

    // The same files again change nothing; a newer retrieval replaces text, and the rebuilt indexes see the new text.
    const again = await bulkIngestFiles(bulk, files);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 5600 });
    const reference = await open();
    await ingestFiles(reference, [...files, newer]);
    expect(await bulkIngestFiles(bulk, [newer])).toMatchObject({ inserted: 0, updated: 80 });
    expect(await corpusSnapshot(bulk.db)).toEqual(await corpusSnapshot(reference.db));
    expect(await nameCounts(bulk)).toEqual(await nameCounts(reference));
    const afterNewer = await searches(reference);
    expect(afterNewer[1]!.count).toBeGreaterThan(0); // "quokka" exists only in the newer text
    expect(await searches(bulk)).toEqual(afterNewer);
    expect(await indexes(bulk)).toEqual(expected);
  }, 180_000);

  it('keeps the indexes its own batches read through while loading, and resumes a load that threw', async () => {
    const bulk = await open();
    const interrupted = bulkIngestFiles(bulk, files, {
      batchSize: 500,
      onProgress: (progress) => {
        // Some of the comments are stored.
        if (progress.fileIndex === 1 && progress.read >= 2000) throw new Error('simulated crash in the load');
      },
    });
    await expect(interrupted).rejects.toThrow('simulated crash in the load');
    // Deferred: no search index, but the ones the ingest's lookups read through.
    expect(await indexes(bulk)).toEqual([]);
    expect(await isCorpusBulkLoading(bulk)).toBe(true);
    const kept = await catalogueNames(bulk);
    for (const name of INGEST_INDEXES) expect(kept).toContain(name);

    // Whole batches only, reply counts right for what is stored.
    const partial = await corpusSnapshot(bulk.db);
    expect(partial.posts.length).toBe(600);
    expect(partial.comments.length % 500).toBe(0);
    expect(partial.comments.length).toBeGreaterThan(0);
    expect(partial.comments.length).toBeLessThan(5000);
    const replies = expectedReplies(partial.comments as { id: string; parent_id: string }[]);
    expect(partial.comments.every((c) => c.replies === (replies.get(c.id as string) ?? 0))).toBe(true);

    // The re-run continues the deferral (nothing is built first), loads the rest and builds everything.
    const steps: string[] = [];
    const rerun = await bulkIngestFiles(bulk, files, { onStep: (m) => steps.push(m) });
    expect(rerun).toMatchObject({ unchanged: 600 + partial.comments.length, errors: [] });
    expect(steps.indexOf('building index posts_created_idx…')).toBeGreaterThan(
      steps.findIndex((m) => m.startsWith('deferred ')),
    );
    expect(await isCorpusBulkLoading(bulk)).toBe(false);
    expect(await indexes(bulk)).toEqual(await indexes(normal));
    expect(await corpusSnapshot(bulk.db)).toEqual(await corpusSnapshot(normal.db));
    expect(await nameCounts(bulk)).toEqual(await nameCounts(normal));
    expect(await searches(bulk)).toEqual(await searches(normal));
  }, 180_000);

  it('has a normal ingest build what an interrupted bulk load deferred before it loads', async () => {
    const bulk = await open();
    await expect(
      bulkIngestFiles(bulk, files, {
        onProgress: () => {
          throw new Error('simulated crash');
        },
      }),
    ).rejects.toThrow('simulated crash');
    expect(await isCorpusBulkLoading(bulk)).toBe(true);
    const steps: string[] = [];
    await ingestFiles(bulk, files, { onStep: (m) => steps.push(m) });
    expect(steps).toContain('building index posts_created_idx…');
    expect(await isCorpusBulkLoading(bulk)).toBe(false);
    expect(await indexes(bulk)).toEqual(await indexes(normal));
    expect(await nameCounts(bulk)).toEqual(await nameCounts(normal));
    expect(await searches(bulk)).toEqual(await searches(normal));
  }, 180_000);

  it.skipIf(TEST_DIALECT !== 'sqlite')(
    'reads through the kept indexes while deferred (no scan per batch)',
    async () => {
      // SQLite's plans do not depend on statistics; PostgreSQL's do, and it keeps the same indexes.
      const bulk = await open();
      await deferCorpusObjects(bulk.db, new Date().toISOString());
      const plan = async (text: string) => {
        const rows = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(bulk.db);
        return rows.rows.map((r) => r.detail).join('; ');
      };
      expect(await plan("select count(*) from comments k where k.parent_id = 't1_x'")).toContain(
        'comments_parent_idx',
      );
      expect(
        await plan("update comments set over_18 = 1 where over_18 <> 1 and link_id in ('t3_a')"),
      ).toContain('comments_link_score_idx');
    },
  );
});

/**
 * The builder's name counts: kept batch by batch by a normal ingest, rebuilt from the tables after a bulk load. A
 * name whose count fell to 0 keeps its row in the first; a key's display form is the first stored or the least.
 */
async function nameCounts(database: TestDatabase) {
  const rows = await database.db
    .selectFrom('corpus_names')
    .select(['field', 'name_key', 'records'])
    .where('records', '>', 0)
    .orderBy('field')
    .orderBy('name_key')
    .execute();
  return rows.map((r) => `${r.field} ${r.name_key} ${Number(r.records)}`);
}

/** Index names the catalogue holds for the corpus tables (the kept ones too). */
async function catalogueNames(database: TestDatabase): Promise<string[]> {
  const query =
    database.dialect === 'postgres'
      ? sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename in ('posts', 'comments')`
      : sql<{
          name: string;
        }>`select name from sqlite_master where tbl_name in ('posts', 'comments') and type = 'index'`;
  return (await query.execute(database.db)).rows.map((r) => r.name);
}
