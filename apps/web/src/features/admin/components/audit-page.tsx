import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useAudit } from '../api/list-audit.ts';
import { ADMIN_PAGE_SIZE } from '../api/query-keys.ts';
import { errorText, formatDateTime } from '../format.ts';
import { Pager } from './pager.tsx';

/** The append-only audit log: who did what to which target, when and why. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  if (audit.isError) return <Alert tone="error">{errorText(audit.error)}</Alert>;
  if (!audit.data) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Audit log">
        <thead className="border-b border-gray-200 text-xs text-text-secondary uppercase">
          <tr>
            <th className="py-2 pr-4">When</th>
            <th className="py-2 pr-4">Who</th>
            <th className="py-2 pr-4">Action</th>
            <th className="py-2 pr-4">Target</th>
            <th className="py-2 pr-4">Internal reason</th>
            <th className="py-2">Details</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {audit.data.items.map((entry) => (
            <tr key={entry.id}>
              <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
              <td className="py-2 pr-4">{entry.admin_username ?? 'command line'}</td>
              <td className="py-2 pr-4">{entry.action}</td>
              <td className="py-2 pr-4 font-mono text-xs">
                {entry.target_type} {entry.target_id}
              </td>
              <td className="py-2 pr-4">{entry.reason ?? '—'}</td>
              <td className="py-2 font-mono text-xs">{JSON.stringify(entry.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={audit.data.total} onPage={setPage} />
    </div>
  );
}
