import type { Aggregations, TopEntry } from '@threadcart/contracts';
import type { RuleType } from 'react-querybuilder';
import { BarChart, type BarRow } from '../../../components/ui/bar-chart.tsx';
import { binEnd } from '../insights.ts';

const SERIES = {
  posts: { key: 'posts', name: 'Posts', color: 'var(--color-secondary)' },
  comments: { key: 'comments', name: 'Comments', color: 'var(--color-primary)' },
  records: { key: 'records', name: 'Matches', color: 'var(--color-secondary)' },
} as const;

const rangeNote = (entry: { count: number; low: number; high: number }) =>
  entry.low === entry.high ? undefined : `95 % range ${entry.low}–${entry.high}`;

/** The histogram's rows: one per bin, posts and comments stacked. */
function histogramRows(aggregations: Aggregations): BarRow[] {
  const rows = new Map<string, { values: Record<string, number>; notes: Record<string, string> }>();
  for (const type of ['posts', 'comments'] as const)
    for (const bin of aggregations.histogram[type]) {
      const row = rows.get(bin.start) ?? { values: { posts: 0, comments: 0 }, notes: {} };
      row.values[type] = bin.count;
      const note = rangeNote(bin);
      if (note) row.notes[type] = note;
      rows.set(bin.start, row);
    }
  return [...rows]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([label, row]) => ({ label, values: row.values, notes: row.notes }));
}

const topRows = (entries: readonly TopEntry[]): BarRow[] =>
  entries.map((entry) => {
    const note = rangeNote(entry);
    return {
      label: entry.name,
      values: { records: entry.count },
      ...(note ? { notes: { records: note } } : {}),
    };
  });

interface InsightsPanelProps {
  readonly aggregations: Aggregations;
  /** adds a rule that narrows the tree to a bar's community, author or dates */
  readonly onAddRule: (rule: RuleType) => void;
}

/**
 * Under the dry run's count: the matches over time and the largest communities and authors (docs/product.md §6.9.1),
 * each bar a rule to add. Estimates say so, with their ranges in the tables.
 */
export function InsightsPanel({ aggregations, onAddRule }: InsightsPanelProps) {
  const { interval, histogram, top } = aggregations;
  const bins = histogramRows(aggregations);
  const estimate = histogram.is_estimate || top.is_estimate;
  return (
    <div className="space-y-4" data-testid="dry-run-insights">
      {estimate && (
        <p className="text-xs text-text-secondary">
          Scaled up from a random sample of the corpus
          {aggregations.sampled_matches === undefined
            ? ''
            : ` (${aggregations.sampled_matches} matches seen)`}
          : the tables give each figure's 95 % range.
        </p>
      )}
      {bins.length > 0 && (
        <BarChart
          title={`Matches per ${interval}`}
          rows={bins}
          series={[SERIES.posts, SERIES.comments]}
          onSelect={(row) =>
            onAddRule({
              field: 'created',
              operator: 'between',
              value: [row.label, binEnd(row.label, interval)],
            })
          }
          selectLabel={(row) => `Only ${row.label} to ${binEnd(row.label, interval)}`}
        />
      )}
      {top.subreddit && top.subreddit.length > 0 && (
        <BarChart
          title="Top communities"
          rows={topRows(top.subreddit)}
          series={[SERIES.records]}
          isRanked
          onSelect={(row) => onAddRule({ field: 'subreddit', operator: 'in', value: [row.label] })}
          selectLabel={(row) => `Only r/${row.label}`}
        />
      )}
      {top.author && top.author.length > 0 && (
        <BarChart
          title="Top authors"
          rows={topRows(top.author)}
          series={[SERIES.records]}
          isRanked
          onSelect={(row) => onAddRule({ field: 'author', operator: 'in', value: [row.label] })}
          selectLabel={(row) => `Only u/${row.label}`}
        />
      )}
    </div>
  );
}
