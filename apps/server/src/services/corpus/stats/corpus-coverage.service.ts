import {
  COVERAGE_GAP_MIN_NEIGHBOURS,
  COVERAGE_GAP_SHARE,
  COVERAGE_TOP_COMMUNITIES,
  coverageGapMessage,
  type CorpusCoverage,
} from '@threadcart/contracts';
import type { Db } from '../../../db/database.ts';
import { listCorpusMonths } from '../../../db/repositories/corpus/ingest/corpus-months.repository.ts';
import { findNamesByPrefix } from '../../../db/repositories/corpus/search/corpus-names.repository.ts';
import { snapshotCorpus } from '../../../db/repositories/corpus/stats/corpus-stats.repository.ts';

type Month = CorpusCoverage['months'][number];

/** The calendar months from the first to the last, inclusive (YYYY-MM). */
function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last;) {
    months.push(key);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
  }
  return months;
}

/**
 * The months whose records fall below COVERAGE_GAP_SHARE of the mean of the months either side (a month with none
 * between two with records is one too), per type; the first and last months have one neighbour and are left out, and
 * so are neighbours too small to say anything (COVERAGE_GAP_MIN_NEIGHBOURS).
 */
export function findGaps(months: readonly Month[]): CorpusCoverage['gaps'] {
  if (months.length === 0) return [];
  const byMonth = new Map(months.map((row) => [row.month, row]));
  const all = monthRange(months[0]!.month, months[months.length - 1]!.month);
  const gaps: CorpusCoverage['gaps'] = [];
  for (let i = 1; i < all.length - 1; i++)
    for (const type of ['posts', 'comments'] as const) {
      const at = (month: string) => byMonth.get(month)?.[type] ?? 0;
      const neighbours = (at(all[i - 1]!) + at(all[i + 1]!)) / 2;
      const records = at(all[i]!);
      if (neighbours < COVERAGE_GAP_MIN_NEIGHBOURS || records >= COVERAGE_GAP_SHARE * neighbours) continue;
      const percent = Math.round((records / neighbours) * 100);
      gaps.push({
        month: all[i]!,
        type,
        records,
        neighbours: Math.round(neighbours),
        percent,
        message: coverageGapMessage(all[i]!, percent, type),
      });
    }
  return gaps;
}

/**
 * What the corpus holds for the public coverage page, from counts ingest keeps (corpus_months, corpus_names,
 * corpus_totals): a few hundred rows read, never a scan of the corpus.
 */
export async function getCorpusCoverage(db: Db): Promise<CorpusCoverage> {
  const [rows, communities, snapshot] = await Promise.all([
    listCorpusMonths(db),
    findNamesByPrefix(db, 'subreddit', '', COVERAGE_TOP_COMMUNITIES),
    snapshotCorpus(db),
  ]);
  const months = new Map<string, Month>();
  for (const row of rows) {
    const month = months.get(row.month) ?? { month: row.month, posts: 0, comments: 0 };
    month[row.record_type] = row.records;
    months.set(row.month, month);
  }
  const slices = [
    snapshot.posts.real,
    snapshot.posts.sample,
    snapshot.comments.real,
    snapshot.comments.sample,
  ];
  const latest = Math.max(0, ...slices.map((slice) => slice.latestRetrievedAt ?? 0));
  const sample = snapshot.posts.sample.records + snapshot.comments.sample.records;
  const real = snapshot.posts.real.records + snapshot.comments.real.records;
  const list = [...months.values()];
  return {
    months: list,
    communities: communities.map((c) => ({ name: c.name, records: Number(c.records) })),
    records: {
      posts: snapshot.posts.real.records + snapshot.posts.sample.records,
      comments: snapshot.comments.real.records + snapshot.comments.sample.records,
    },
    latest_retrieved_at: latest > 0 ? new Date(latest * 1000).toISOString() : null,
    sample: sample === 0 ? 'none' : real === 0 ? 'all' : 'mixed',
    gap_share: COVERAGE_GAP_SHARE,
    gaps: findGaps(list),
  };
}
