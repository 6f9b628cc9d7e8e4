import { sql, type Kysely } from 'kysely';
import { sampleKey } from '../src/corpus/filters/sample-key.ts';
import { toSearchText } from '../src/corpus/tokenize.ts';
import type { Database } from '../src/db/schema.ts';
import type { CommentsTable, PostsTable } from '../src/db/tables/corpus.tables.ts';

let counter = 0;
const nextId = () => (100_000 + ++counter).toString(36);

const selftextOf = (overrides: Partial<PostsTable>) => (overrides.selftext ?? '') !== '';

/** A post row as ingest would store it (search_text from toSearchText), with overrides. */
export function makePost(overrides: Partial<PostsTable> = {}): PostsTable {
  const id = overrides.id ?? nextId();
  const title = overrides.title ?? `Post ${id}`;
  const selftext = overrides.selftext ?? '';
  return {
    id,
    author: 'author',
    score: 1,
    num_comments: 0,
    created_utc: 1_700_000_000,
    subreddit: 'test',
    permalink: `/r/test/comments/${id}/`,
    url: `https://www.reddit.com/r/test/comments/${id}/`,
    over_18: 0,
    is_deleted: 0,
    is_removed: 0,
    retrieved_at: 1_700_000_100,
    is_sample: 0,
    post_kind: selftextOf(overrides) ? 'self' : 'link',
    domain: selftextOf(overrides) ? 'self.test' : 'example.com',
    flair: '',
    fields_version: 1,
    ...overrides,
    title,
    selftext,
    search_text: toSearchText(title, selftext),
    sample_key: sampleKey('posts', id).toString(),
  };
}

/** A comment row as ingest would store it, with overrides. */
export function makeComment(overrides: Partial<CommentsTable> = {}): CommentsTable {
  const id = overrides.id ?? nextId();
  const body = overrides.body ?? `Comment ${id}`;
  return {
    id,
    author: 'author',
    score: 1,
    created_utc: 1_700_000_000,
    parent_id: 't3_abc',
    link_id: 't3_abc',
    subreddit: 'test',
    replies: 0,
    permalink: `/r/test/comments/abc/_/${id}/`,
    over_18: 0,
    is_deleted: 0,
    is_removed: 0,
    retrieved_at: 1_700_000_100,
    is_sample: 0,
    fields_version: 1,
    ...overrides,
    body,
    search_text: toSearchText(body),
    sample_key: sampleKey('comments', id).toString(),
  };
}

/** Inserts corpus rows directly (no ingest), in chunks the SQLite parameter limit allows. */
export async function insertCorpus(
  db: Kysely<Database>,
  corpus: { posts?: readonly PostsTable[]; comments?: readonly CommentsTable[] },
): Promise<void> {
  const chunk = 500;
  const posts = corpus.posts ?? [];
  const comments = corpus.comments ?? [];
  for (let i = 0; i < posts.length; i += chunk)
    await db
      .insertInto('posts')
      .values(posts.slice(i, i + chunk))
      .execute();
  for (let i = 0; i < comments.length; i += chunk)
    await db
      .insertInto('comments')
      .values(comments.slice(i, i + chunk))
      .execute();
  await recountCorpusTotals(db);
}

/** Empties both corpus tables (the FTS indexes follow through their triggers). */
export async function clearCorpus(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('posts').execute();
  await db.deleteFrom('comments').execute();
  await recountCorpusTotals(db);
}

/** corpus_totals counted from the tables, as ingest would have kept them (rows inserted here bypass ingest). */
export async function recountCorpusTotals(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('corpus_totals').execute();
  for (const table of ['posts', 'comments'] as const)
    await sql`insert into corpus_totals (record_type, is_sample, records, latest_retrieved_at)
      select ${sql.lit(table)}, is_sample, count(*), max(retrieved_at) from ${sql.table(table)} group by is_sample`.execute(
      db,
    );
}
