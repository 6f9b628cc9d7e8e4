import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { Logger } from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { writeGeneratedCorpus } from '../../../corpus/generate.ts';
import {
  CORPUS_FIXTURES,
  corpusSnapshot,
  expectedReplies,
  redditSamplesDir,
  writeNdjson,
} from '../../../../test/fixtures/corpus/corpus-snapshot.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.ts';
import { ingestFiles } from './corpus-ingest.service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-ingest-'));
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
  return () => database.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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

async function replies() {
  const rows = await database.db.selectFrom('comments').select(['id', 'replies']).orderBy('id').execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.replies]));
}

async function expectConsistentReplies() {
  const rows = await database.db.selectFrom('comments').select(['id', 'parent_id', 'replies']).execute();
  const expected = expectedReplies(rows);
  for (const row of rows) expect([row.id, row.replies]).toEqual([row.id, expected.get(row.id) ?? 0]);
}

describe.skipIf(!redditSamplesDir())('ingesting the real samples in ../shared/data/reddit-samples', () => {
  it('ingests every file with no skip and normalises the spot-checked fields', async () => {
    const summary = await ingestFiles(database, [redditSamplesDir()!]);
    expect(summary).toMatchObject({
      files: 5,
      read: 1192,
      inserted: 1192,
      posts: 137,
      comments: 1055,
      skipped: {},
      errors: [],
    });
    const posts = await database.db.selectFrom('posts').selectAll().execute();
    const byId = (id: string) => posts.find((p) => p.id === id)!;
    expect(byId('1v3sg')).toMatchObject({
      title: 'NUMBERS & WEB SITES',
      created_utc: 1180656045,
      subreddit: 'reddit.com',
      retrieved_at: 1522519885,
    });
    expect(byId('1v3sg').url).toContain('xml&coll=1&thispage=23');
    expect(byId('2f4i98')).toMatchObject({ created_utc: 1409529601, subreddit: 'Fitness', num_comments: 1 });
    expect(byId('1afwvvg')).toMatchObject({ is_deleted: 1, retrieved_at: 1706875209, over_18: 1 });
    expect(byId('j08bcm')).toMatchObject({ retrieved_at: 1623001372, is_deleted: 0, is_removed: 0 });
    expect(byId('abdn5a')).toMatchObject({ selftext: '[removed]', is_removed: 1 });
    expect(byId('87')).toMatchObject({
      author: 'kn0thing',
      retrieved_at: 1119552233,
      permalink: '/r/reddit.com/comments/87/the_downing_street_memo/',
    });
    expect(byId('48dxvx')).toMatchObject({ subreddit: 'pics', score: 6710 });
    const comments = await database.db.selectFrom('comments').selectAll().execute();
    const c = (id: string) => comments.find((x) => x.id === id)!;
    expect(c('c0cmuoo').body.startsWith('>Nebraska\n>Diocese')).toBe(true);
    expect(c('c0cmuoo')).toMatchObject({
      created_utc: 1251763202,
      permalink: '/r/atheism/comments/9fyq4/_/c0cmuoo/',
      parent_id: 't3_9fyq4',
    });
    expect(c('c0cmuon')).toMatchObject({ body: '[deleted]', is_deleted: 1 });
    expect(c('kod0bkj')).toMatchObject({ body: '[removed]', is_removed: 1, author: '[deleted]' });
    expect(c('c15')).toMatchObject({ author: '[deleted]', is_deleted: 0, is_removed: 0 });
    expect(comments.filter((x) => x.subreddit === 'GermanRap')).toHaveLength(1028);
    expect(comments.some((x) => x.body.includes('&amp;') || x.body.includes('&gt;'))).toBe(false);
    await expectConsistentReplies();
    expect(Object.values(await replies()).some((n) => n > 0)).toBe(true);
  });
});

describe('ingestFiles', () => {
  it('changes nothing when the same files are ingested again', async () => {
    const files = await writeGeneratedCorpus({
      posts: 60,
      comments: 400,
      seed: 7,
      outDir: path.join(dir, 'gen'),
    });
    const paths = [files.postsFile, files.commentsFile];
    const first = await ingestFiles(database, paths, { batchSize: 70 });
    expect(first).toMatchObject({ read: 460, inserted: 460, updated: 0, unchanged: 0, skipped: {} });
    const before = await corpusSnapshot(database.db);
    const second = await ingestFiles(database, paths, { batchSize: 70 });
    expect(second).toMatchObject({ read: 460, inserted: 0, updated: 0, unchanged: 460 });
    expect(await corpusSnapshot(database.db)).toEqual(before);
    await expectConsistentReplies();
  });

  it('replaces a record by a newer retrieval, never by an older one', async () => {
    const older = writeNdjson(dir, 'older.ndjson', [post('r1', { score: 3, retrieved_on: 1_600_000_000 })]);
    const newer = writeNdjson(dir, 'newer.ndjson', [
      post('r1', { score: 90, retrieved_on: 1_700_000_000, selftext: 'edited' }),
    ]);
    await ingestFiles(database, [newer]);
    expect(await ingestFiles(database, [older])).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await database.db.selectFrom('posts').select(['score', 'search_text']).executeTakeFirst()).toEqual(
      { score: 90, search_text: 'post r1 edited' },
    );
    const again = writeNdjson(dir, 'newest.ndjson', [
      post('r1', { score: 120, _meta: { retrieved_2nd_on: 1_800_000_000 } }),
    ]);
    expect(await ingestFiles(database, [again])).toMatchObject({ inserted: 0, updated: 1 });
    expect(await database.db.selectFrom('posts').select('score').executeTakeFirst()).toEqual({ score: 120 });
  });

  it('keeps the name counts of subreddits, authors and domains equal to the stored rows', async () => {
    const first = writeNdjson(dir, 'names-1.ndjson', [
      post('n1', { subreddit: 'Science', author: 'Ann', url: 'https://www.YouTube.com/watch?v=1' }),
      post('n2', { subreddit: 'science', author: 'bob', is_self: true }),
      comment('m1', 't3_n1', { subreddit: 'Science', author: 'ann' }),
      comment('m2', 't3_n1', { subreddit: 'AskScience', author: '[deleted]' }),
    ]);
    // A newer retrieval moves n2 to another subreddit and author; an older one of m1 changes nothing.
    const second = writeNdjson(dir, 'names-2.ndjson', [
      post('n2', { subreddit: 'AskScience', author: 'Cy', is_self: true, retrieved_on: 1_900_000_000 }),
      comment('m1', 't3_n1', { subreddit: 'other', author: 'zed', retrieved_on: 1_000 }),
    ]);
    await ingestFiles(database, [first]);
    await ingestFiles(database, [second]);
    await ingestFiles(database, [first, second]);
    const counts = await database.db
      .selectFrom('corpus_names')
      .select(['field', 'name_key', 'records'])
      .where('records', '<>', 0)
      .orderBy('field')
      .orderBy('name_key')
      .execute();
    const rows = [
      ...(await database.db.selectFrom('posts').select(['subreddit', 'author', 'domain']).execute()),
      ...(await database.db.selectFrom('comments').select(['subreddit', 'author']).execute()),
    ];
    const expected = new Map<string, number>();
    for (const row of rows)
      for (const [field, name] of Object.entries(row))
        if (name)
          expected.set(
            `${field} ${name.toLowerCase()}`,
            (expected.get(`${field} ${name.toLowerCase()}`) ?? 0) + 1,
          );
    expect(counts.map((c) => [`${c.field} ${c.name_key}`, Number(c.records)])).toEqual(
      [...expected].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(expected.get('subreddit askscience')).toBe(2);
    expect(expected.get('author ann')).toBe(2);
  });

  it('keeps corpus_totals (the manifest snapshot) equal to the stored rows, real and sample apart', async () => {
    const real = writeNdjson(dir, 'totals-real.ndjson', [
      post('t1', { retrieved_on: 1_600_000_000 }),
      post('t2', { retrieved_on: 1_650_000_000 }),
      comment('u1', 't3_t1', { retrieved_on: 1_610_000_000 }),
    ]);
    // A newer retrieval of t2 as sample data moves it from the real slice to the sample one; an older one of u1 and
    // the same file twice change nothing.
    const sample = writeNdjson(dir, 'totals-sample.ndjson', [
      post('t2', { retrieved_on: 1_700_000_000 }),
      post('t3', { retrieved_on: 1_690_000_000 }),
      comment('u1', 't3_t1', { retrieved_on: 1_000 }),
      comment('u2', 't3_t1', { retrieved_on: 1_620_000_000 }),
    ]);
    await ingestFiles(database, [real]);
    await ingestFiles(database, [sample], { isSample: true, batchSize: 2 });
    await ingestFiles(database, [sample], { isSample: true });
    const totals = await database.db
      .selectFrom('corpus_totals')
      .select(['record_type', 'is_sample', 'records', 'latest_retrieved_at'])
      .where('records', '<>', 0)
      .orderBy('record_type')
      .orderBy('is_sample')
      .execute();
    const expected = [];
    for (const table of ['comments', 'posts'] as const) {
      const rows = await database.db
        .selectFrom(table)
        .select((eb) => ['is_sample', eb.fn.countAll().as('n')])
        .groupBy('is_sample')
        .orderBy('is_sample')
        .execute();
      for (const row of rows) expected.push([table, Number(row.is_sample), Number(row.n)]);
    }
    expect(totals.map((t) => [t.record_type, Number(t.is_sample), Number(t.records)])).toEqual(expected);
    // The newest retrieval stored into each slice: t2's 1_650_000_000 stays the real posts' after t2 moved (a
    // slice's newest is never searched for again).
    expect(totals.map((t) => Number(t.latest_retrieved_at))).toEqual([
      1_610_000_000, 1_620_000_000, 1_650_000_000, 1_700_000_000,
    ]);
    expect(expected).toEqual([
      ['comments', 0, 1],
      ['comments', 1, 1],
      ['posts', 0, 1],
      ['posts', 1, 2],
    ]);
  });

  it('counts replies when children arrive before their parents, across batches and files', async () => {
    const children = writeNdjson(dir, 'children.ndjson', [
      comment('c4', 't1_c2'),
      comment('c2', 't1_c1'),
      comment('c3', 't1_c1'),
      comment('c5', 't1_c2'),
    ]);
    const parents = writeNdjson(dir, 'parents.ndjson', [comment('c1', 't3_p1')]);
    await ingestFiles(database, [children], { batchSize: 1 });
    expect(await replies()).toEqual({ c2: 2, c3: 0, c4: 0, c5: 0 });
    await ingestFiles(database, [parents]);
    expect(await replies()).toEqual({ c1: 2, c2: 2, c3: 0, c4: 0, c5: 0 });
    // A newer retrieval that moves a reply recounts both the old and the new parent.
    const moved = writeNdjson(dir, 'moved.ndjson', [comment('c3', 't1_c2', { retrieved_on: 1_900_000_000 })]);
    await ingestFiles(database, [moved]);
    expect(await replies()).toEqual({ c1: 1, c2: 3, c3: 0, c4: 0, c5: 0 });
  });

  it('gives comments the over_18 of their post, whichever arrives first', async () => {
    const early = writeNdjson(dir, 'early.ndjson', [comment('e1', 't3_p1')]);
    const nsfwPost = writeNdjson(dir, 'nsfw.ndjson', [post('p1', { over_18: true })]);
    const late = writeNdjson(dir, 'late.ndjson', [comment('e2', 't1_e1')]);
    await ingestFiles(database, [early, nsfwPost, late]);
    const rows = await database.db.selectFrom('comments').select(['id', 'over_18']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'e1', over_18: 1 },
      { id: 'e2', over_18: 1 },
    ]);
  });

  it('reports skipped lines by reason with their places, and goes on after a file it cannot read', async () => {
    const bad = path.join(dir, 'bad.ndjson');
    fs.writeFileSync(
      bad,
      [
        '{"id":"ok1","title":"t","created_utc":1}',
        '{oops',
        '{"id":"x","created_utc":1}',
        '{"id":"ok2","title":"t"}',
        '{nope',
      ].join('\n'),
    );
    const page = path.join(CORPUS_FIXTURES, 'comment-page.json');
    const summary = await ingestFiles(database, [path.join(dir, 'missing.zst'), bad, page]);
    expect(summary.errors).toEqual([
      { file: path.join(dir, 'missing.zst'), message: expect.stringContaining('no such file') },
    ]);
    expect(summary.skipped).toEqual({
      invalid_json: 2,
      unknown_kind: 1,
      invalid_created_utc: 1,
      more_stub: 2,
    });
    expect(summary.firstSkippedLines.invalid_json).toEqual([`${bad}:2`, `${bad}:5`]);
    expect(summary.firstSkippedLines.more_stub).toHaveLength(2);
    expect(summary).toMatchObject({ read: 13, inserted: 7, posts: 2, comments: 5 });
    expect(await replies()).toEqual({ c1: 2, c2: 1, c3: 0, c4: 0, c7: 0 });
    const page1 = await database.db
      .selectFrom('posts')
      .select(['title', 'selftext', 'over_18'])
      .where('id', '=', 'abc12')
      .executeTakeFirstOrThrow();
    expect(page1).toEqual({ title: 'A title & more', selftext: 'Look > here', over_18: 1 });
  });

  it('stores batches larger than a statement may bind (parameter limits) with the same result', async () => {
    const files = await writeGeneratedCorpus({
      posts: 200,
      comments: 4500,
      seed: 3,
      outDir: path.join(dir, 'big'),
    });
    const summary = await ingestFiles(database, [files.postsFile, files.commentsFile], { batchSize: 5000 });
    expect(summary).toMatchObject({ inserted: 4700, skipped: {} });
    await expectConsistentReplies();
    const other = await createTestDatabase();
    try {
      await ingestFiles(other, [files.postsFile, files.commentsFile], { batchSize: 333 });
      expect(await corpusSnapshot(other.db)).toEqual(await corpusSnapshot(database.db));
    } finally {
      await other.close();
    }
  });

  it('keeps reply counts exact for any order, batching, file split and re-retrieval (property)', async () => {
    const version = fc.record({ id: fc.nat(9), parent: fc.integer({ min: -1, max: 9 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(version, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        async (versions, batchSize, fileCount) => {
          await database.db.deleteFrom('comments').execute();
          const records = versions.map((v, i) => ({
            ...comment(`c${v.id}`, v.parent < 0 ? 't3_p1' : `t1_c${v.parent}`),
            retrieved_on: 1_600_000_000 + i,
          }));
          const files = Array.from({ length: fileCount }, (_, f) =>
            writeNdjson(
              dir,
              `prop-${f}.ndjson`,
              records.filter((_, i) => i % fileCount === f),
            ),
          );
          await ingestFiles(database, files, { batchSize });
          const finalParent = new Map<string, { parent_id: string; at: number }>();
          for (const r of records) {
            const kept = finalParent.get(r.id);
            if (!kept || r.retrieved_on > kept.at)
              finalParent.set(r.id, { parent_id: r.parent_id, at: r.retrieved_on });
          }
          const expected = expectedReplies(
            [...finalParent].map(([id, v]) => ({ id, parent_id: v.parent_id })),
          );
          const actual = await replies();
          expect(actual).toEqual(
            Object.fromEntries([...finalParent.keys()].sort().map((id) => [id, expected.get(id) ?? 0])),
          );
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('parses in a worker thread when asked (no fallback), with the same result as in this thread', async () => {
    const files = await writeGeneratedCorpus({
      posts: 150,
      comments: 900,
      seed: 8,
      outDir: path.join(dir, 'worker'),
    });
    const warnings: unknown[] = [];
    const logger = {
      warn: (...args: unknown[]) => warnings.push(args),
      error: () => undefined,
    } as unknown as Logger;
    const viaWorker = await ingestFiles({ db: database.db, logger }, [files.postsFile, files.commentsFile], {
      useWorker: true,
      batchSize: 100,
    });
    expect(warnings).toEqual([]);
    const other = await createTestDatabase();
    try {
      const inThread = await ingestFiles(other, [files.postsFile, files.commentsFile], {
        useWorker: false,
        batchSize: 100,
      });
      expect({ ...viaWorker, transactions: undefined }).toEqual({ ...inThread, transactions: undefined });
      expect(await corpusSnapshot(database.db)).toEqual(await corpusSnapshot(other.db));
    } finally {
      await other.close();
    }
  });
});
