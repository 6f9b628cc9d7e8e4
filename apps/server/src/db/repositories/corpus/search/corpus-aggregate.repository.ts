import { sql } from 'kysely';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import type { Db } from '../../../database.ts';
import type { RowCondition } from '../../../filter-sql/row-condition.ts';

/** What an aggregation reads of a matching record: its time and the names the top lists count. */
export interface AggregateKeys {
  readonly created_utc: number;
  readonly subreddit: string;
  readonly author: string;
  /** posts only */
  readonly domain?: string;
  /** comments only: the thread (t3_…) */
  readonly link_id?: string;
}

/**
 * SQLite: the aggregation keys of those of the given rowids that pass the condition (a missing rowid simply does
 * not), as estimate.ts counts them: the same uniform sample, read as rows instead of a count.
 */
export async function selectSampledRowidKeys(
  db: Db,
  type: RecordType,
  row: RowCondition,
  rowids: readonly number[],
): Promise<AggregateKeys[]> {
  if (rowids.length === 0) return [];
  const names = type === 'posts' ? sql`subreddit, author, domain` : sql`subreddit, author, link_id`;
  const { rows } = await sql<AggregateKeys>`select created_utc, ${names} from ${sql.table(type)}
    where rowid in (${sql.join(rowids)}) and (${row.where})`.execute(db);
  return rows.map((r) => ({ ...r, created_utc: Number(r.created_utc) }));
}

/** The titles of the stored posts among `ids` (without the t3_ prefix), by id. */
export async function findPostTitles(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('posts').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}
