import type { LedgerEntry } from '@threadcart/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { useLedger } from '../api/list-ledger.ts';
import { formatDateTime, formatDelta } from '../format.ts';
import { LEDGER_KIND_LABELS, LOT_SOURCE_LABELS, ACCOUNT_UI_MESSAGES as M } from '../messages.ts';

/** What an entry was for: the order it reserved for, its note, or the lot it touched. */
function entryDetail(entry: LedgerEntry): string {
  if (entry.order_title) return entry.order_title;
  if (entry.note) return LOT_SOURCE_LABELS[entry.note] ?? entry.note;
  return LOT_SOURCE_LABELS[entry.lot_source] ?? entry.lot_source;
}

/** Every movement of credits (reservations, settlements, refunds, expiries), newest first, a page at a time. */
export function LedgerTable() {
  const [page, setPage] = useState(1);
  const ledger = useLedger(page);
  const data = ledger.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div>
      <h3 className="text-base font-semibold text-text-primary">History</h3>
      {ledger.isError && <Alert tone="error">{M.loadFailed}</Alert>}
      {data && data.total === 0 && <p className="mt-2 text-sm text-text-secondary">{M.noLedger}</p>}
      {data && data.total > 0 && (
        <>
          <div
            tabIndex={0}
            role="region"
            aria-label="Ledger entries"
            className="relative mt-2 overflow-x-auto"
          >
            <table
              className={cx('w-full text-left text-sm', ledger.isPlaceholderData && 'opacity-60')}
              aria-label="Credit history"
              aria-busy={ledger.isPlaceholderData || undefined}
            >
              <thead className="border-b border-gray-200 text-xs text-text-secondary uppercase">
                <tr>
                  <th className="py-2 pr-4 font-semibold">Date</th>
                  <th className="py-2 pr-4 font-semibold">Entry</th>
                  <th className="py-2 pr-4 font-semibold">Detail</th>
                  <th className="py-2 text-right font-semibold">Credits</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
                    <td className="py-2 pr-4">{LEDGER_KIND_LABELS[entry.kind]}</td>
                    <td className="py-2 pr-4 break-words">{entryDetail(entry)}</td>
                    <td
                      className={cx(
                        'py-2 text-right font-semibold whitespace-nowrap',
                        entry.delta > 0 ? 'text-success' : 'text-text-primary',
                      )}
                    >
                      {formatDelta(entry.delta)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pageCount > 1 && (
            <nav
              aria-label="Credit history pages"
              className="mt-3 flex items-center justify-between gap-3 text-sm"
            >
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
              >
                Previous
              </Button>
              <span className="text-text-secondary">
                Page {data.page} of {pageCount}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pageCount || ledger.isPlaceholderData}
                onClick={() => setPage((current) => current + 1)}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
