import { sql } from 'kysely';
import type { TopComment } from '../../../corpus/records.ts';
import { dialectOf, type Db } from '../../database.ts';

// Thread context for an order's file (docs/decisions/029-thread-context-and-purchased-records.md). Every function
// takes one batch of ids and answers it in one statement; the caller bounds the batch.

/** A comment as a thread's chain shows it, with the parent it answers. */
export interface ThreadComment {
  readonly id: string;
  readonly author: string;
  readonly body: string;
  /** fullname: t1_… a comment, t3_… the post */
  readonly parent_id: string;
}

/** The titles of the posts among `ids` (base36 ids) that are in the corpus. */
export async function findPostTitles(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('posts').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The comments among `ids` (base36 ids) that are in the corpus, as stored (removed ones with their stored text). */
export async function findThreadComments(db: Db, ids: readonly string[]): Promise<ThreadComment[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('comments')
    .select(['id', 'author', 'body', 'parent_id'])
    .where('id', 'in', ids)
    .execute();
}

/**
 * Up to `limit` live comments of each post (base36 ids), at any depth, by score then id, read from the
 * `(link_id, score desc, id)` index: `limit` entries a post, however long its thread (PostgreSQL a lateral join,
 * SQLite a correlated rowid list per post with the posts as the outer loop).
 */
export async function listTopComments(
  db: Db,
  postIds: readonly string[],
  limit: number,
): Promise<(TopComment & { link_id: string })[]> {
  if (postIds.length === 0 || limit <= 0) return [];
  const links = postIds.map((id) => `t3_${id}`);
  const columns = sql`c.id, c.author, c.body, c.score, c.created_utc, c.parent_id, c.link_id`;
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<TopComment & { link_id: string }>`select ${columns}
          from unnest(${links}::text[]) as w(link_id)
          cross join lateral (select * from comments x
            where x.link_id = w.link_id and x.is_deleted = 0 and x.is_removed = 0
            order by x.score desc, x.id limit ${limit}) c
          order by c.link_id, c.score desc, c.id`.execute(db)
      : await sql<TopComment & { link_id: string }>`with w(link_id) as (values ${sql.join(
          links.map((link) => sql`(${link})`),
        )})
          select ${columns} from w cross join comments c on c.rowid in (
            select x.rowid from comments x
            where x.link_id = w.link_id and x.is_deleted = 0 and x.is_removed = 0
            order by x.score desc, x.id limit ${limit})
          order by c.link_id, c.score desc, c.id`.execute(db);
  return rows.map((row) => ({ ...row, score: Number(row.score), created_utc: Number(row.created_utc) }));
}
