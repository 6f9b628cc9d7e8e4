import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { BarChart } from '../../../components/ui/bar-chart.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { useCoverage } from '../api/get-coverage.ts';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * The public coverage page (docs/product.md §6.9.1): records per month per type, the largest communities, the newest
 * retrieval and the months that look short, from counts kept at ingest.
 */
export function CoveragePage() {
  const { data, error, isPending } = useCoverage();
  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <h1 className="text-3xl font-bold text-text-primary">Corpus coverage</h1>
      {isPending ? (
        <PageLoading />
      ) : error || !data ? (
        <Alert tone="warning">The coverage figures are unavailable right now.</Alert>
      ) : (
        <>
          {data.sample !== 'none' && (
            <Alert tone="info">
              <span data-testid="coverage-sample">
                {data.sample === 'all'
                  ? 'This corpus is generated sample data, not real Reddit records.'
                  : 'Part of this corpus is generated sample data, not real Reddit records.'}
              </span>
            </Alert>
          )}
          <p className="text-text-secondary">
            {numberFormat.format(data.records.posts)} posts and {numberFormat.format(data.records.comments)}{' '}
            comments
            {data.latest_retrieved_at
              ? `, newest retrieved ${data.latest_retrieved_at.slice(0, 10)}`
              : ''}.{' '}
            <Link to="/order" className="text-secondary-dark underline">
              Build an order
            </Link>
          </p>
          <Card>
            <BarChart
              title="Records per month"
              height={220}
              rows={data.months.map((m) => ({
                label: m.month,
                values: { posts: m.posts, comments: m.comments },
              }))}
              series={[
                { key: 'posts', name: 'Posts', color: 'var(--color-secondary)' },
                { key: 'comments', name: 'Comments', color: 'var(--color-primary)' },
              ]}
            />
          </Card>
          <section aria-labelledby="coverage-gaps" className="space-y-2">
            <h2 id="coverage-gaps" className="text-xl font-semibold text-text-primary">
              Gaps
            </h2>
            <p className="text-sm text-text-secondary">
              A month is listed when it holds less than {Math.round(data.gap_share * 100)} % of the mean of
              the months either side.
            </p>
            {data.gaps.length === 0 ? (
              <p>No month falls below that share.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5" aria-label="Gaps">
                {data.gaps.map((gap) => (
                  <li key={`${gap.month}-${gap.type}`}>{gap.message}</li>
                ))}
              </ul>
            )}
          </section>
          <Card>
            <BarChart
              title="Largest communities"
              isRanked
              rows={data.communities.map((c) => ({ label: c.name, values: { records: c.records } }))}
              series={[{ key: 'records', name: 'Records', color: 'var(--color-secondary)' }]}
            />
          </Card>
        </>
      )}
    </Container>
  );
}
