import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from './copy-button.tsx';

/** A secret shown once (a new API key, a webhook's signing secret): the value, a copy button, the warning. */
export function ShownOnceNotice({
  heading,
  value,
  copyLabel,
  warning,
  testId,
  onDone,
}: {
  heading: ReactNode;
  value: string;
  copyLabel: string;
  warning: string;
  testId: string;
  onDone: () => void;
}) {
  return (
    <div className="space-y-3 rounded-md border border-warning bg-warning-subtle p-4" data-testid={testId}>
      <p className="text-sm font-semibold break-all text-text-primary">{heading}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-surface px-3 py-2 font-mono text-sm break-all">
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} />
      </div>
      <p className="text-sm text-warning" role="note">
        {warning}
      </p>
      <Button variant="outline" size="sm" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}
