import type { Db } from '../../../db/database.ts';
import {
  countByMonth,
  countBySubreddit,
  countCorpus,
  type CorpusBreakdownRow,
  type CorpusCounts,
} from '../../../db/repositories/corpus/stats/corpus-stats.repository.ts';

/** none: real data only (or empty); all: only generated sample data; mixed: both. */
export type CorpusSampleState = 'none' | 'all' | 'mixed';

export interface CorpusSampleStatus {
  readonly state: CorpusSampleState;
  readonly posts: number;
  readonly comments: number;
  readonly sampleRecords: number;
}

export interface CorpusStats extends CorpusSampleStatus {
  readonly bySubreddit: CorpusBreakdownRow[];
  readonly byMonth: CorpusBreakdownRow[];
}

/** Whether the corpus is generated sample data, so exports and the UI can say so. */
export async function getCorpusSampleStatus(db: Db): Promise<CorpusSampleStatus> {
  return sampleStatusOf(await countCorpus(db));
}

/** The sample state of counts already read. */
export function sampleStatusOf(counts: CorpusCounts): CorpusSampleStatus {
  const total = counts.posts + counts.comments;
  const sampleRecords = counts.samplePosts + counts.sampleComments;
  const state: CorpusSampleState = sampleRecords === 0 ? 'none' : sampleRecords === total ? 'all' : 'mixed';
  return { state, posts: counts.posts, comments: counts.comments, sampleRecords };
}

/** Counts by type, subreddit (the `top` largest) and month, and the sample state: what `corpus stats` prints. */
export async function getCorpusStats(db: Db, options: { top?: number } = {}): Promise<CorpusStats> {
  const [status, bySubreddit, byMonth] = await Promise.all([
    getCorpusSampleStatus(db),
    countBySubreddit(db, options.top ?? 20),
    countByMonth(db),
  ]);
  return { ...status, bySubreddit, byMonth };
}
