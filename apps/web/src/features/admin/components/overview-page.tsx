import { Alert } from '../../../components/ui/alert.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { useOverview } from '../api/get-overview.ts';
import { errorText, formatDateTime, formatMoney, formatNumber } from '../format.ts';
import { BarChart } from './bar-chart.tsx';
import { StatCard } from './stat-card.tsx';

const periods = (p: { today: number; days_7: number; days_30: number }, format = formatNumber) =>
  `today ${format(p.today)} · 7 days ${format(p.days_7)} · 30 days ${format(p.days_30)}`;

/** Users, orders and revenue by period, the queue and the worker, the corpus, and 30 days in charts. */
export function OverviewPage() {
  const overview = useOverview();
  if (overview.isError) return <Alert tone="error">{errorText(overview.error)}</Alert>;
  if (!overview.data) return <PageLoading />;
  const o = overview.data;
  const money = (cents: number) => formatMoney(cents);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label="Users" value={formatNumber(o.users.total)} detail={`new ${periods(o.users)}`} />
        <StatCard label="Orders" value={formatNumber(o.orders.total)} detail={periods(o.orders)} />
        <StatCard
          label="Revenue (30 days)"
          value={money(o.revenue_cents.days_30)}
          detail={periods(o.revenue_cents, money)}
        />
        <StatCard
          label="Queue"
          value={`${formatNumber(o.worker.queue_depth)} waiting or running`}
          detail={`worker heartbeat: ${formatDateTime(o.worker.last_heartbeat_at)}`}
        />
        <StatCard
          label="Corpus"
          value={`${formatNumber(o.corpus.posts + o.corpus.comments)} records`}
          detail={`${formatNumber(o.corpus.posts)} posts · ${formatNumber(o.corpus.comments)} comments · sample: ${o.corpus.state}`}
        />
        <StatCard
          label="Orders by status"
          value={formatNumber(Object.values(o.orders_by_status).reduce((a, b) => a + b, 0))}
          detail={Object.entries(o.orders_by_status)
            .map(([status, n]) => `${status} ${formatNumber(n)}`)
            .join(' · ')}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart
          title="Orders per day (30 days)"
          points={o.daily.map((d) => ({ label: d.date, value: d.orders }))}
          format={formatNumber}
        />
        <BarChart
          title="Revenue per day (30 days)"
          points={o.daily.map((d) => ({ label: d.date, value: d.revenue_cents }))}
          format={money}
        />
      </div>
    </div>
  );
}
