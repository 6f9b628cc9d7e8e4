import { Alert } from '../../../components/ui/alert.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { useCorpus } from '../api/get-corpus.ts';
import { errorText, formatDateTime, formatNumber } from '../format.ts';
import { BarChart } from './bar-chart.tsx';
import { StatCard } from './stat-card.tsx';

const SAMPLE_STATE = { none: 'real data', all: 'sample data only', mixed: 'sample and real data' } as const;

/** The corpus: counts, sample state, records per month and subreddit, and the ingest history. */
export function CorpusPage() {
  const corpus = useCorpus();
  if (corpus.isError) return <Alert tone="error">{errorText(corpus.error)}</Alert>;
  if (!corpus.data) return <PageLoading />;
  const c = corpus.data;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Posts" value={formatNumber(c.posts)} />
        <StatCard label="Comments" value={formatNumber(c.comments)} />
        <StatCard
          label="State"
          value={c.load_state}
          detail={`${SAMPLE_STATE[c.state]} · ${formatNumber(c.sample_records)} sample records`}
        />
      </div>
      <BarChart
        title="Records per month"
        points={c.by_month.map((m) => ({ label: m.key, value: m.posts + m.comments }))}
        format={formatNumber}
      />
      <section aria-label="Largest subreddits">
        <h2 className="font-semibold">Largest subreddits</h2>
        <ul className="text-sm">
          {c.by_subreddit.map((s) => (
            <li key={s.key}>
              r/{s.key}: {formatNumber(s.posts)} posts, {formatNumber(s.comments)} comments
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Ingest history">
        <h2 className="font-semibold">Ingest history</h2>
        <ul className="divide-y divide-gray-100 text-sm">
          {c.ingests.map((run) => (
            <li key={run.id} className="py-2">
              {formatDateTime(run.started_at)} · {run.is_sample ? 'sample' : 'real'} · {run.files.join(', ')}{' '}
              · {formatNumber(run.records_read)} read, {formatNumber(run.inserted)} new,{' '}
              {formatNumber(run.updated)} updated · {(run.duration_ms / 1000).toFixed(1)} s
              {Object.keys(run.skipped).length > 0 &&
                ` · skipped ${Object.entries(run.skipped)
                  .map(([reason, n]) => `${reason} ${n}`)
                  .join(', ')}`}
              {run.errors.length > 0 && ` · ${run.errors.length} file errors`}
            </li>
          ))}
          {c.ingests.length === 0 && <li className="py-2">No ingest recorded yet.</li>}
        </ul>
      </section>
    </div>
  );
}
