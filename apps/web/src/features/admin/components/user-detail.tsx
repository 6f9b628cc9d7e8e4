import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { useUser } from '../api/get-user.ts';
import { errorText, formatDateTime, formatMoney, formatNumber } from '../format.ts';
import { ActionForm } from './action-form.tsx';

/** One user: balance, credit actions, disable/enable, and their orders, payments, lots and ledger. */
export function UserDetail({ userId }: { userId: string }) {
  const detail = useUser(userId);
  if (detail.isError) return <Alert tone="error">{errorText(detail.error)}</Alert>;
  if (!detail.data) return <PageLoading />;
  const { user, orders, payments, lots, ledger } = detail.data;
  return (
    <Card className="space-y-5 p-5" aria-label={`User ${user.username}`} role="region">
      <div>
        <h2 className="text-xl font-semibold">{user.username}</h2>
        <p className="text-sm text-text-secondary">
          {user.name} · {user.email} · joined {formatDateTime(user.date_joined)} · {user.role}
          {user.disabled_at ? ` · disabled ${formatDateTime(user.disabled_at)}` : ''}
        </p>
        <p className="mt-1 text-lg" data-testid="admin-user-balance">
          {formatNumber(user.credits)} credits
        </p>
      </div>
      <div className="space-y-3">
        <ActionForm label="Grant credits" action={{ kind: 'grant', userId }} hasCredits tone="primary" />
        <ActionForm label="Deduct credits" action={{ kind: 'deduct', userId }} hasCredits />
        {user.disabled_at ? (
          <ActionForm label="Enable account" action={{ kind: 'enable', userId }} />
        ) : (
          <ActionForm label="Disable account" action={{ kind: 'disable', userId }} />
        )}
      </div>
      <section aria-label="Their orders">
        <h3 className="font-semibold">Orders</h3>
        <ul className="text-sm">
          {orders.map((o) => (
            <li key={o.id}>
              {formatDateTime(o.created_at)} · {o.title} · {o.status} · {o.result_count} records
            </li>
          ))}
          {orders.length === 0 && <li>None.</li>}
        </ul>
      </section>
      <section aria-label="Their payments">
        <h3 className="font-semibold">Payments</h3>
        <ul className="text-sm">
          {payments.map((p) => (
            <li key={p.id}>
              {formatDateTime(p.created_at)} · {formatNumber(p.credits)} credits ·{' '}
              {formatMoney(p.amount_cents, p.currency)} · {p.status}
            </li>
          ))}
          {payments.length === 0 && <li>None.</li>}
        </ul>
      </section>
      <section aria-label="Credit lots">
        <h3 className="font-semibold">Credit lots</h3>
        <ul className="text-sm">
          {lots.map((lot) => (
            <li key={lot.id}>
              {lot.source} · {formatNumber(lot.credits_left)} of {formatNumber(lot.credits_granted)} left ·
              expires {formatDateTime(lot.expires_at)}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Ledger">
        <h3 className="font-semibold">Ledger</h3>
        <ul className="text-sm">
          {ledger.map((entry) => (
            <li key={entry.id}>
              {formatDateTime(entry.created_at)} · {entry.kind} · {entry.delta > 0 ? '+' : ''}
              {formatNumber(entry.delta)}
              {entry.note ? ` · customer note: ${entry.note}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
