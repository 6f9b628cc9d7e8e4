import type { DashboardStats as Stats } from '@threadcart/contracts';

const numberFormat = new Intl.NumberFormat('en-US');

const COUNTERS: readonly {
  key: 'total' | 'completed' | 'in_progress' | 'failed';
  label: string;
  accent: string;
}[] = [
  { key: 'total', label: 'Total Orders', accent: 'border-secondary' },
  { key: 'completed', label: 'Completed', accent: 'border-success' },
  { key: 'in_progress', label: 'In Progress', accent: 'border-warning' },
  { key: 'failed', label: 'Failed', accent: 'border-danger' },
];

/** The four counters of docs/product.md §2.8 (counted as §6.2 says): a dash until they load. */
export function DashboardStats({ stats }: { stats: Stats | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">
      {COUNTERS.map(({ key, label, accent }) => (
        <div key={key} className={`rounded-lg border-l-4 bg-surface p-4 shadow-sm ${accent}`}>
          <dt className="text-sm font-medium text-text-secondary">{label}</dt>
          <dd className="mt-1 text-3xl font-bold text-text-primary" data-testid={`stat-${key}`}>
            {stats ? numberFormat.format(stats[key]) : '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
