import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useRemovalRequests, type RemovalStatus } from '../api/list-removal-requests.ts';
import { errorText, formatDateTime } from '../format.ts';
import { ActionForm } from './action-form.tsx';

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Waiting for a decision' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/**
 * The "Removal requests" queue (docs/decisions/036): confirmed requests, oldest first; approving erases the records
 * for good, rejecting needs a reason; both are audited and the requester is mailed.
 */
export function RemovalsPage() {
  const [status, setStatus] = useState<RemovalStatus>('pending');
  const requests = useRemovalRequests(status);
  return (
    <div className="space-y-4">
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(event) => setStatus(event.target.value as RemovalStatus)}
      />
      {requests.isError && <Alert tone="error">{errorText(requests.error)}</Alert>}
      {requests.data && requests.data.length === 0 && <p className="text-sm">No requests.</p>}
      {requests.data && (
        <ul className="divide-y divide-gray-100" aria-label="Removal requests">
          {requests.data.map((r) => (
            <li key={r.id} className="space-y-2 py-3" aria-label={`Removal request ${r.id}`}>
              <p className="text-sm">
                {formatDateTime(r.confirmed_at ?? r.created_at)} · {r.email} · {r.target_count}{' '}
                {r.kind === 'usernames' ? 'username(s)' : 'record(s)'} ·{' '}
                <span data-testid="admin-removal-status">{r.status}</span>
                {r.records_erased !== null && ` · ${r.records_erased} records erased`}
              </p>
              {r.targets.length > 0 && (
                <p className="font-mono text-sm" data-testid="admin-removal-targets">
                  {r.targets.join(', ')}
                </p>
              )}
              <p className="text-sm whitespace-pre-wrap">{r.statement}</p>
              {r.reason && <p className="text-sm">Reason: {r.reason}</p>}
              {r.status === 'pending' && (
                <div className="flex flex-wrap gap-4">
                  <ActionForm
                    label="Approve and erase"
                    tone="primary"
                    action={{ kind: 'approve', removalId: r.id }}
                  />
                  <ActionForm label="Reject" action={{ kind: 'reject', removalId: r.id }} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
