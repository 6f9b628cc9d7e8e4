import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { useCreditsSummary } from '../api/get-credits-summary.ts';
import { formatDate, formatNumber } from '../format.ts';
import { LOT_SOURCE_LABELS, ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { AccountSection } from './account-section.tsx';
import { LedgerTable } from './ledger-table.tsx';

/** The balance as lots (source, granted, left, expiry; those expiring within 7 days stand out) and the ledger. */
export function CreditsSection() {
  const summary = useCreditsSummary();
  const data = summary.data;
  return (
    <AccountSection
      id="credits"
      title="Credits"
      description="Your balance is held in lots; the lot that expires first is used first."
    >
      <div className="space-y-6">
        {summary.isError && <Alert tone="error">{M.loadFailed}</Alert>}
        {data && (
          <>
            <p data-testid="account-balance">
              <span className="text-3xl font-bold text-text-primary">{formatNumber(data.credits)}</span>{' '}
              <span className="text-text-secondary">credits</span>
            </p>
            {data.expiring_soon_credits > 0 && (
              <Alert tone="warning">{M.expiringSoon(formatNumber(data.expiring_soon_credits))}</Alert>
            )}
            {data.lots.length > 0 && (
              <div className="relative overflow-x-auto">
                <table className="w-full text-left text-sm" aria-label="Credit lots">
                  <thead className="border-b border-gray-200 text-xs text-text-secondary uppercase">
                    <tr>
                      <th className="py-2 pr-4 font-semibold">Source</th>
                      <th className="py-2 pr-4 text-right font-semibold">Granted</th>
                      <th className="py-2 pr-4 text-right font-semibold">Left</th>
                      <th className="py-2 pr-4 font-semibold">Expires</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {data.lots.map((lot) => (
                      <tr
                        key={lot.id}
                        className={cx(lot.expires_soon && 'bg-warning-subtle')}
                        data-expires-soon={lot.expires_soon || undefined}
                      >
                        <td className="py-2 pr-4">{LOT_SOURCE_LABELS[lot.source] ?? lot.source}</td>
                        <td className="py-2 pr-4 text-right">{formatNumber(lot.credits_granted)}</td>
                        <td className="py-2 pr-4 text-right font-semibold">
                          {formatNumber(lot.credits_left)}
                        </td>
                        <td className="py-2 pr-4 whitespace-nowrap">
                          <time dateTime={lot.expires_at}>{formatDate(lot.expires_at)}</time>
                          {lot.expires_soon && (
                            <Badge tone="warning" className="ml-2">
                              Expires soon
                            </Badge>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
        <LedgerTable />
      </div>
    </AccountSection>
  );
}
