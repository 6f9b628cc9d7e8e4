import { ADMIN_DEFAULT_CUSTOMER_NOTES } from '@threadcart/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAdminAction, type AdminAction } from '../api/admin-actions.ts';
import { errorText } from '../format.ts';

type ActionWithoutInput<A> = A extends AdminAction ? Omit<A, 'reason' | 'credits' | 'customerNote'> : never;

export interface ActionFormProps {
  /** The button's text, e.g. "Grant credits". */
  readonly label: string;
  readonly action: ActionWithoutInput<AdminAction>;
  /** Asks for a number of credits too (grant, deduct). */
  readonly hasCredits?: boolean;
  readonly tone?: 'primary' | 'outline';
  readonly onDone?: () => void;
}

/** One operator action: a required reason (it goes to the audit log), credits when they apply, and the button. */
export function ActionForm({ label, action, hasCredits = false, tone = 'outline', onDone }: ActionFormProps) {
  const mutation = useAdminAction();
  const [reason, setReason] = useState('');
  const [credits, setCredits] = useState('');
  const [customerNote, setCustomerNote] = useState('');
  const [done, setDone] = useState(false);
  const formId = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const payload = {
      ...action,
      reason,
      ...(hasCredits ? { credits: Number(credits), customerNote: customerNote.trim() } : {}),
    } as AdminAction;
    mutation.mutate(payload, {
      onSuccess: () => {
        setReason('');
        setCredits('');
        setCustomerNote('');
        setDone(true);
        onDone?.();
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} aria-label={label} className="flex flex-wrap items-end gap-2" id={formId}>
      {hasCredits && (
        <TextField
          label="Credits"
          type="number"
          min={1}
          required
          value={credits}
          onChange={(event) => setCredits(event.target.value)}
          className="w-28"
        />
      )}
      <TextField
        label="Internal reason (operators only)"
        hint="Goes to the audit log; the customer never sees it."
        required
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="min-w-48 flex-1"
      />
      {hasCredits && (
        <TextField
          label="Customer note (shown in their ledger)"
          hint={`Left empty: "${ADMIN_DEFAULT_CUSTOMER_NOTES[action.kind === 'deduct' ? 'deduct' : 'grant']}".`}
          maxLength={500}
          value={customerNote}
          onChange={(event) => setCustomerNote(event.target.value)}
          className="min-w-48 flex-1"
        />
      )}
      <Button type="submit" variant={tone} size="md" isLoading={mutation.isPending}>
        {label}
      </Button>
      {mutation.isError && (
        <Alert tone="error" className="w-full">
          {errorText(mutation.error)}
        </Alert>
      )}
      {done && !mutation.isError && (
        <p role="status" className="w-full text-sm text-success">
          Done: {label.toLowerCase()}.
        </p>
      )}
    </form>
  );
}
