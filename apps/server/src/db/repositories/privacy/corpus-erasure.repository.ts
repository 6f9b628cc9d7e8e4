import { asciiLower } from '@threadcart/contracts';
import type { Db } from '../../database.ts';
import { subtractMonthCounts } from '../corpus/ingest/corpus-months.repository.ts';

/** What one approval erases: every record of some authors (by name key), and records by id (either kind for a bare id). */
export interface ErasureTargets {
  readonly authorKeys: readonly string[];
  readonly postIds: readonly string[];
  readonly commentIds: readonly string[];
}

const CHUNK = 500;

/**
 * Deletes the targeted posts and comments from the corpus (their full-text entries go with them, by the tables'
 * triggers or indexes), keeps corpus_names and corpus_months in step (an erased author's entry is deleted outright, so no suggestion
 * keeps the name) and takes each erased comment off its parent's reply count. Returns how many of each went.
 * Runs inside the caller's transaction; a row is never left half-erased.
 */
export async function eraseCorpusRecords(
  trx: Db,
  targets: ErasureTargets,
): Promise<{ posts: number; comments: number }> {
  const posts = await collect(trx, 'posts', targets.authorKeys, targets.postIds);
  const comments = await collect(trx, 'comments', targets.authorKeys, targets.commentIds);
  const names = new Map<string, { field: 'subreddit' | 'author' | 'domain'; key: string; delta: number }>();
  const shift = (field: 'subreddit' | 'author' | 'domain', name: string | undefined) => {
    if (!name) return;
    const key = asciiLower(name);
    const id = `${field}\u0000${key}`;
    const entry = names.get(id) ?? { field, key, delta: 0 };
    entry.delta += 1;
    names.set(id, entry);
  };
  for (const post of posts) {
    shift('subreddit', post.subreddit);
    shift('author', post.author);
    shift('domain', post.domain);
  }
  const erasedComments = new Set(comments.map((c) => c.id));
  const replies = new Map<string, number>();
  for (const comment of comments) {
    shift('subreddit', comment.subreddit);
    shift('author', comment.author);
    const parent = comment.parent_id.startsWith('t1_') ? comment.parent_id.slice(3) : undefined;
    if (parent && !erasedComments.has(parent)) replies.set(parent, (replies.get(parent) ?? 0) + 1);
  }
  for (const [table, rows] of [
    ['posts', posts],
    ['comments', comments],
  ] as const) {
    const ids = rows.map((row) => row.id);
    for (let start = 0; start < ids.length; start += CHUNK)
      await trx
        .deleteFrom(table)
        .where('id', 'in', ids.slice(start, start + CHUNK))
        .execute();
  }
  for (const [id, count] of replies)
    await trx
      .updateTable('comments')
      .set((eb) => ({ replies: eb('replies', '-', count) }))
      .where('id', '=', id)
      .where('replies', '>=', count)
      .execute();
  // An author asked for by name loses their entry outright (even one the corpus held no records of any more): no
  // suggestion keeps the name. Every other name loses the records erased.
  const erasedAuthors = new Set(targets.authorKeys);
  for (const key of erasedAuthors)
    await trx.deleteFrom('corpus_names').where('field', '=', 'author').where('name_key', '=', key).execute();
  for (const { field, key, delta } of names.values()) {
    if (field === 'author' && erasedAuthors.has(key)) continue;
    await trx
      .updateTable('corpus_names')
      .set((eb) => ({ records: eb('records', '-', delta) }))
      .where('field', '=', field)
      .where('name_key', '=', key)
      .execute();
  }
  await trx.deleteFrom('corpus_names').where('field', '=', 'author').where('records', '<=', 0).execute();
  // The coverage page's months lose the records too.
  await subtractMonthCounts(
    trx,
    'posts',
    posts.map((post) => Number(post.created_utc)),
  );
  await subtractMonthCounts(
    trx,
    'comments',
    comments.map((comment) => Number(comment.created_utc)),
  );
  return { posts: posts.length, comments: comments.length };
}

interface ErasedRow {
  id: string;
  author: string;
  subreddit: string;
  domain?: string;
  parent_id: string;
  created_utc: number;
}

/** The rows of `table` written by one of the authors or having one of the ids (each row once). */
async function collect(
  trx: Db,
  table: 'posts' | 'comments',
  authorKeys: readonly string[],
  ids: readonly string[],
): Promise<ErasedRow[]> {
  const found = new Map<string, ErasedRow>();
  const read = async (where: 'author_key' | 'id', values: readonly string[]) => {
    for (let start = 0; start < values.length; start += CHUNK) {
      const chunk = values.slice(start, start + CHUNK);
      const rows =
        table === 'posts'
          ? (
              await trx
                .selectFrom('posts')
                .select(['id', 'author', 'subreddit', 'domain', 'created_utc'])
                .where(where, 'in', chunk)
                .execute()
            ).map((row) => ({ ...row, parent_id: '' }))
          : await trx
              .selectFrom('comments')
              .select(['id', 'author', 'subreddit', 'parent_id', 'created_utc'])
              .where(where, 'in', chunk)
              .execute();
      for (const row of rows) found.set(row.id, row);
    }
  };
  await read('author_key', authorKeys);
  await read('id', ids);
  return [...found.values()];
}
