import type { Db } from '../../../db/database.ts';
import { countCorpus } from '../../../db/repositories/corpus/stats/corpus-stats.repository.ts';
import {
  listCorpusObjectSizes,
  type CorpusObjectSize,
} from '../../../db/repositories/corpus/stats/corpus-sizes.repository.ts';

export interface CorpusSizes {
  readonly records: number;
  readonly posts: number;
  readonly comments: number;
  readonly totalBytes: number;
  readonly objects: readonly CorpusObjectSize[];
}

/** The corpus's size on disk by table, index and full-text table, with its record counts (bytes per record). */
export async function getCorpusSizes(db: Db): Promise<CorpusSizes> {
  const [counts, objects] = await Promise.all([countCorpus(db), listCorpusObjectSizes(db)]);
  return {
    records: counts.posts + counts.comments,
    posts: counts.posts,
    comments: counts.comments,
    totalBytes: objects.reduce((sum, o) => sum + o.bytes, 0),
    objects,
  };
}
