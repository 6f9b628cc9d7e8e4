import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { writeGeneratedCorpus } from '../../../corpus/generate.ts';
import {
  corpusSnapshot,
  expectedReplies,
  writeNdjson,
} from '../../../../test/fixtures/corpus/corpus-snapshot.ts';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../test/test-database.ts';
import { startIngestChild } from '../../../../test/corpus-ingest-child.ts';
import { isCorpusPartitioned } from '../../../db/repositories/corpus/ingest/corpus-partitions.repository.ts';
import { ingestFiles, type IngestSummary } from './corpus-ingest.service.ts';
import { partitionCorpus } from './corpus-partitions.service.ts';

// Decision 041: on a partitioned corpus a new month is COPYed into a table of its own and attached. Every scenario
// runs twice, on two partitioned databases: once with every new month loaded on its own (monthLoadMinRecords 1), once
// through the upsert path alone; the summaries, the rows, the reply counts, the name counts and the totals must agree.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-month-load-'));
const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function partitionedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  opened.push(database);
  if (!(await isCorpusPartitioned(database.db))) await partitionCorpus(database.db);
  return database;
}

async function state(database: TestDatabase) {
  const names = await database.db
    .selectFrom('corpus_names')
    .select(['field', 'name_key', 'records'])
    .where('records', '<>', 0)
    .orderBy(['field', 'name_key'])
    .execute();
  const totals = await database.db
    .selectFrom('corpus_totals')
    .selectAll()
    .where('records', '<>', 0)
    .orderBy(['record_type', 'is_sample'])
    .execute();
  // The coverage counts (decision 043): a month loaded on its own counts as its upserts would.
  const months = await database.db
    .selectFrom('corpus_months')
    .selectAll()
    .where('records', '<>', 0)
    .orderBy(['record_type', 'month'])
    .execute();
  return { snapshot: await corpusSnapshot(database.db), names, totals, months };
}

const counts = (s: IngestSummary) => ({
  read: s.read,
  inserted: s.inserted,
  updated: s.updated,
  unchanged: s.unchanged,
  posts: s.posts,
  comments: s.comments,
});

/** Runs the same ingests on a loading and an upserting database; returns the loading one. */
async function expectSameAsUpserts(runs: { files: string[]; batchSize?: number }[]): Promise<TestDatabase> {
  const loaded = await partitionedDatabase();
  const upserted = await partitionedDatabase();
  for (const run of runs) {
    const a = await ingestFiles(loaded, run.files, { batchSize: run.batchSize, monthLoadMinRecords: 1 });
    const b = await ingestFiles(upserted, run.files, {
      batchSize: run.batchSize,
      monthLoadMinRecords: Infinity,
    });
    expect(counts(a)).toEqual(counts(b));
    expect(await state(loaded)).toEqual(await state(upserted));
  }
  const { comments } = await corpusSnapshot(loaded.db);
  const replies = expectedReplies(comments as { id: string; parent_id: string }[]);
  for (const c of comments) expect([c.id, c.replies]).toEqual([c.id, replies.get(c.id as string) ?? 0]);
  return loaded;
}

const post = (id: string, extra: object = {}) => ({
  id,
  title: `post ${id}`,
  selftext: '',
  created_utc: 1_500_000_000,
  subreddit: 's',
  score: 1,
  num_comments: 0,
  ...extra,
});
const comment = (id: string, parent: string, extra: object = {}) => ({
  id,
  body: `comment ${id}`,
  link_id: 't3_p1',
  parent_id: parent,
  created_utc: 1_500_000_100,
  subreddit: 's',
  score: 1,
  ...extra,
});

describe.skipIf(TEST_DIALECT !== 'postgres')('loading a month on its own (PostgreSQL, partitioned)', () => {
  it('gives what the upserts give: a generated corpus, comments first, then the same files again', async () => {
    const files = await writeGeneratedCorpus({
      posts: 60,
      comments: 400,
      seed: 7,
      outDir: path.join(dir, 'g'),
    });
    const loaded = await expectSameAsUpserts([
      { files: [files.commentsFile, files.postsFile], batchSize: 70 },
      { files: [files.postsFile, files.commentsFile], batchSize: 50 },
    ]);
    // The months were attached as partitions of their own, and no stage is left.
    const { rows } = await sql<{ name: string }>`select relname as name from pg_class
      where relnamespace = current_schema()::regnamespace and relname like 'comments_load_%'`.execute(
      loaded.db,
    );
    expect(rows).toEqual([]);
    // Built by the month load (its indexes' names carry the load's token), not made empty and filled by upserts.
    const { rows: built } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes
      where schemaname = current_schema() and indexname ~ '^comments_pkey_p[0-9]{6}_[0-9a-z]+$'`.execute(
      loaded.db,
    );
    expect(built[0]!.n).toBeGreaterThan(20);
  }, 240_000);

  it('keeps the newest retrieval within one run, counts names and totals, and follows a changed creation time', async () => {
    const first = writeNdjson(dir, 'm-1.ndjson', [
      post('n1', { subreddit: 'Science', author: 'Ann', url: 'https://www.YouTube.com/watch?v=1' }),
      post('n2', { subreddit: 'science', author: 'bob', is_self: true }),
      post('p1', { over_18: true }),
      comment('m1', 't3_n1', { subreddit: 'Science', author: 'ann' }),
      comment('m2', 't1_m1', { subreddit: 'AskScience', author: '[deleted]' }),
      comment('m3', 't1_m1', { created_utc: 1_600_000_000 }),
    ]);
    const second = writeNdjson(dir, 'm-2.ndjson', [
      post('n2', { subreddit: 'AskScience', author: 'Cy', is_self: true, retrieved_on: 1_900_000_000 }),
      comment('m1', 't3_n1', { subreddit: 'other', author: 'zed', retrieved_on: 1_000 }),
      // A newer retrieval with another creation time: the record moves to that month.
      post('n1', { created_utc: 1_650_000_000, retrieved_on: 1_900_000_000, subreddit: 'Science' }),
      comment('m2', 't1_m3', { retrieved_on: 1_900_000_000, created_utc: 1_500_000_100 }),
    ]);
    await expectSameAsUpserts([{ files: [first, second], batchSize: 2 }, { files: [second, first] }]);
  }, 120_000);

  it('drops the stage and the half-built month a killed run left, and loads the month again', async () => {
    const files = await writeGeneratedCorpus({
      posts: 30,
      comments: 100,
      seed: 5,
      outDir: path.join(dir, 'k'),
    });
    const loaded = await partitionedDatabase();
    const clean = await partitionedDatabase();
    // What a kill -9 leaves between the COPY and the attach: a stage and a built, unattached month.
    await sql`create unlogged table posts_load_p201801 (like posts)`.execute(loaded.db);
    await sql`create table posts_p201801_load (like posts including defaults including generated)`.execute(
      loaded.db,
    );
    const a = await ingestFiles(loaded, [files.postsFile, files.commentsFile], { monthLoadMinRecords: 1 });
    const b = await ingestFiles(clean, [files.postsFile, files.commentsFile], { monthLoadMinRecords: 1 });
    expect(counts(a)).toEqual(counts(b));
    expect(await state(loaded)).toEqual(await state(clean));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_class
      where relnamespace = current_schema()::regnamespace and relname in ('posts_load_p201801', 'posts_p201801_load')`.execute(
      loaded.db,
    );
    expect(rows[0]?.n).toBe(0);
  }, 120_000);

  it('kill -9 while a month is staged leaves the corpus as it was, and a re-run loads the month', async () => {
    // One month of 12,000 comments: over MONTH_LOAD_MIN_RECORDS, so the CLI loads it on its own.
    const records = [
      post('p1'),
      ...Array.from({ length: 12_000 }, (_, i) =>
        comment(`k${i}`, i % 3 === 0 ? 't3_p1' : `t1_k${Math.floor(i / 3)}`, {
          created_utc: 1_500_000_100 + i,
        }),
      ),
    ];
    const file = writeNdjson(dir, 'month.ndjson', records);
    const crashed = await partitionedDatabase();
    const clean = await partitionedDatabase();
    const child = startIngestChild(crashed, [file]);
    const staged = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_class
        where relnamespace = current_schema()::regnamespace and relname = 'comments_load_p201707'`.execute(
        crashed.db,
      );
      return rows[0]!.n > 0;
    };
    while (!(await staged())) {
      if (child.child.exitCode !== null) throw new Error(`ingest ended before the kill: ${child.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    child.child.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
    // Nothing of the month is visible: its partition is not attached.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from comments`.execute(crashed.db);
    expect(rows[0]!.n).toBe(0);
    const rerun = startIngestChild(crashed, [file]);
    expect((await rerun.exited).code).toBe(0);
    await ingestFiles(clean, [file]);
    expect(await state(crashed)).toEqual(await state(clean));
    expect((await corpusSnapshot(crashed.db)).comments).toHaveLength(12_000);
  }, 240_000);
});
