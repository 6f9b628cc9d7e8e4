import { sql } from 'kysely';
import { dialectOf, type Db } from '../../../database.ts';

export interface CorpusCounts {
  readonly posts: number;
  readonly comments: number;
  readonly samplePosts: number;
  readonly sampleComments: number;
}

export interface CorpusBreakdownRow {
  /** a subreddit name, or a month `YYYY-MM` (UTC) */
  readonly key: string;
  readonly posts: number;
  readonly comments: number;
}

/** How many posts and comments the corpus holds, and how many of them are generated sample data. */
export async function countCorpus(db: Db): Promise<CorpusCounts> {
  const [posts, comments] = await Promise.all(
    (['posts', 'comments'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.coalesce(eb.fn.sum<number>('is_sample'), eb.lit(0)).as('sample'),
        ])
        .executeTakeFirstOrThrow(),
    ),
  );
  return {
    posts: Number(posts!.total),
    comments: Number(comments!.total),
    samplePosts: Number(posts!.sample),
    sampleComments: Number(comments!.sample),
  };
}

/** Posts and comments per subreddit, largest first (at most `limit` subreddits). */
export async function countBySubreddit(db: Db, limit: number): Promise<CorpusBreakdownRow[]> {
  const rows = await sql<{ key: string; posts: number; comments: number }>`
    select key, sum(posts) as posts, sum(comments) as comments from (
      select subreddit as key, count(*) as posts, 0 as comments from posts group by subreddit
      union all
      select subreddit as key, 0 as posts, count(*) as comments from comments group by subreddit
    ) t group by key order by sum(posts) + sum(comments) desc, key limit ${limit}`.execute(db);
  return rows.rows.map(toBreakdown);
}

/** Posts and comments per calendar month of created_utc (UTC), oldest first. */
export async function countByMonth(db: Db): Promise<CorpusBreakdownRow[]> {
  const month =
    dialectOf(db) === 'postgres'
      ? sql.raw(`to_char(to_timestamp(created_utc) at time zone 'UTC', 'YYYY-MM')`)
      : sql.raw(`strftime('%Y-%m', created_utc, 'unixepoch')`);
  const rows = await sql<{ key: string; posts: number; comments: number }>`
    select key, sum(posts) as posts, sum(comments) as comments from (
      select ${month} as key, count(*) as posts, 0 as comments from posts group by 1
      union all
      select ${month} as key, 0 as posts, count(*) as comments from comments group by 1
    ) t group by key order by key`.execute(db);
  return rows.rows.map(toBreakdown);
}

const toBreakdown = (r: { key: string; posts: number; comments: number }): CorpusBreakdownRow => ({
  key: r.key ?? '',
  posts: Number(r.posts),
  comments: Number(r.comments),
});

export interface CorpusSliceCounts {
  readonly records: number;
  /** epoch seconds of the newest retrieval; null when there are no records */
  readonly latestRetrievedAt: number | null;
}

/**
 * Per record type, real and sample records apart: how many, and the newest `retrieved_at` (an order's manifest),
 * read from corpus_totals, which ingest keeps batch by batch: four rows, not a count of the corpus.
 */
export async function snapshotCorpus(
  db: Db,
): Promise<Record<'posts' | 'comments', Record<'real' | 'sample', CorpusSliceCounts>>> {
  const rows = await db
    .selectFrom('corpus_totals')
    .select(['record_type', 'is_sample', 'records', 'latest_retrieved_at'])
    .execute();
  const slice = (type: 'posts' | 'comments', isSample: boolean): CorpusSliceCounts => {
    const row = rows.find((r) => r.record_type === type && Number(r.is_sample) === (isSample ? 1 : 0));
    const records = Number(row?.records ?? 0);
    return {
      records,
      latestRetrievedAt:
        records === 0 || row?.latest_retrieved_at === null || row?.latest_retrieved_at === undefined
          ? null
          : Number(row.latest_retrieved_at),
    };
  };
  return {
    posts: { real: slice('posts', false), sample: slice('posts', true) },
    comments: { real: slice('comments', false), sample: slice('comments', true) },
  };
}
